// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.InvalidFieldsException.FieldError;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The BNG configuration's meters as JSON (within {@link BngConfigJson}):
 * <pre>
 * "defaultMeter": {"upstream": RATE, "downstream": RATE},
 * "lineMeters": [{"sTag": 100, "cTag": 10, "upstream": RATE}]
 * RATE: {"cirKbps": 10000, "cbsBytes": 15000, "pirKbps": 20000, "pbsBytes": 30000}
 * </pre>
 * A direction absent or null is unmetered; a line's entry replaces the default for that line
 * (a line with neither direction is unmetered whatever the default). Reading adds an error
 * naming each wrong field.
 */
public final class BngMeterJson {

    private static final Set<String> METER_FIELDS = Set.of("upstream", "downstream");
    private static final Set<String> LINE_FIELDS = Set.of("sTag", "cTag", "upstream", "downstream");
    private static final Set<String> RATE_FIELDS = Set.of("cirKbps", "cbsBytes", "pirKbps", "pbsBytes");
    /** Most line meters taken: the data plane's 8192 lines. */
    public static final int MAX_LINE_METERS = 8192;

    private BngMeterJson() {
    }

    /**
     * Reads the default meter.
     *
     * @param node   the object, or null/absent for unmetered
     * @param errors where each wrong field goes
     * @return the meter
     */
    static BngLineMeter readDefault(JsonNode node, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return BngLineMeter.UNMETERED;
        }
        if (!node.isObject()) {
            errors.add(new FieldError("defaultMeter", "must be an object {upstream, downstream}"));
            return BngLineMeter.UNMETERED;
        }
        unknown(node, METER_FIELDS, "defaultMeter", "a meter", errors);
        return new BngLineMeter(rate(node.get("upstream"), "defaultMeter.upstream", errors),
                                rate(node.get("downstream"), "defaultMeter.downstream", errors));
    }

    /**
     * Reads the lines' own meters into a map by line key.
     *
     * @param node   the array, or null/absent for none
     * @param into   where they go
     * @param errors where each wrong field goes
     */
    static void readLines(JsonNode node, Map<Integer, BngLineMeter> into, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return;
        }
        if (!node.isArray()) {
            errors.add(new FieldError("lineMeters", "must be an array of {sTag, cTag, upstream, downstream}"));
            return;
        }
        if (node.size() > MAX_LINE_METERS) {
            errors.add(new FieldError("lineMeters", "has " + node.size() + " entries; at most " + MAX_LINE_METERS));
            return;
        }
        for (int i = 0; i < node.size(); i++) {
            String path = "lineMeters[" + i + "]";
            JsonNode line = node.get(i);
            if (!line.isObject()) {
                errors.add(new FieldError(path, "must be an object {sTag, cTag, upstream, downstream}"));
                continue;
            }
            unknown(line, LINE_FIELDS, path, "a line meter", errors);
            long s = integer(line.get("sTag"), path + ".sTag", 0, 0, 4094, errors);
            long c = integer(line.get("cTag"), path + ".cTag", 0, 0, 4094, errors);
            BngMeterRate up = rate(line.get("upstream"), path + ".upstream", errors);
            BngMeterRate down = rate(line.get("downstream"), path + ".downstream", errors);
            if (s >= 0 && c >= 0 && into.putIfAbsent(BngConfig.lineKey((int) s, (int) c),
                                                     new BngLineMeter(up, down)) != null) {
                errors.add(new FieldError(path, "S-tag " + s + ", C-tag " + c + " is given twice"));
            }
        }
    }

    /**
     * Writes the meters into the configuration's object.
     *
     * @param config the configuration
     * @param json   its object
     */
    static void write(BngConfig config, ObjectNode json) {
        write(config.defaultMeter(), json.putObject("defaultMeter"));
        ArrayNode lines = json.putArray("lineMeters");
        config.lineMeters().forEach((key, meter) -> write(meter, lines.addObject().put("sTag", key >> 12)
                .put("cTag", key & 0xfff)));
    }

    /**
     * Writes a line's meter: {"upstream": RATE or null, "downstream": RATE or null}.
     *
     * @param meter the meter
     * @param json  the object it goes into
     * @return the object
     */
    public static ObjectNode write(BngLineMeter meter, ObjectNode json) {
        meter.upstream().ifPresentOrElse(r -> write(r, json.putObject("upstream")), () -> json.putNull("upstream"));
        meter.downstream().ifPresentOrElse(r -> write(r, json.putObject("downstream")),
                                           () -> json.putNull("downstream"));
        return json;
    }

    /**
     * Writes a line's meter as a new object.
     *
     * @param meter  the meter
     * @param mapper where the object comes from
     * @return the object
     */
    public static ObjectNode write(BngLineMeter meter, ObjectMapper mapper) {
        return write(meter, mapper.createObjectNode());
    }

    private static void write(BngMeterRate rate, ObjectNode json) {
        number(json, "cirKbps", rate.cirKbps());
        number(json, "cbsBytes", rate.cbsBytes());
        number(json, "pirKbps", rate.pirKbps());
        number(json, "pbsBytes", rate.pbsBytes());
    }

    /** An int where it fits, as JSON read back gives it (a configuration written then read is equal). */
    private static void number(ObjectNode json, String field, long value) {
        if (value == (int) value) {
            json.put(field, (int) value);
        } else {
            json.put(field, value);
        }
    }

    /** A direction's rate: null when absent or null (unmetered) or wrong (with its errors). */
    private static BngMeterRate rate(JsonNode node, String path, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            errors.add(new FieldError(path, "must be an object {cirKbps, cbsBytes, pirKbps, pbsBytes} or null"
                    + " for unmetered"));
            return null;
        }
        unknown(node, RATE_FIELDS, path, "a rate", errors);
        int before = errors.size();
        long cir = required(node, "cirKbps", path, BngMeterRate.MIN_RATE_KBPS, BngMeterRate.MAX_RATE_KBPS,
                            "kbit/s", errors);
        long cbs = required(node, "cbsBytes", path, BngMeterRate.MIN_BURST_BYTES, BngMeterRate.MAX_BURST_BYTES,
                            "bytes", errors);
        long pir = required(node, "pirKbps", path, BngMeterRate.MIN_RATE_KBPS, BngMeterRate.MAX_RATE_KBPS,
                            "kbit/s", errors);
        long pbs = required(node, "pbsBytes", path, BngMeterRate.MIN_BURST_BYTES, BngMeterRate.MAX_BURST_BYTES,
                            "bytes", errors);
        if (cir > 0 && pir > 0 && pir < cir) {
            errors.add(new FieldError(path + ".pirKbps", pir + " is below cirKbps " + cir
                    + ": the peak rate must be at least the committed one (RFC 2698)"));
        }
        return errors.size() == before ? new BngMeterRate(cir, cbs, pir, pbs) : null;
    }

    private static long required(JsonNode rate, String field, String path, long min, long max, String unit,
                                 List<FieldError> errors) {
        JsonNode node = rate.get(field);
        if (node == null || node.isNull()) {
            errors.add(new FieldError(path + "." + field, "is required (" + min + ".." + max + " " + unit + ")"));
            return -1;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < min || node.asLong() > max) {
            boolean smallBurst = "bytes".equals(unit) && node.isIntegralNumber() && node.asLong() < min;
            errors.add(new FieldError(path + "." + field, "must be an integer " + min + ".." + max + " " + unit
                    + ", not " + (node.isNumber() ? node.asText()
                    : node.getNodeType().name().toLowerCase(Locale.ROOT))
                    + (smallBurst ? " (a bucket smaller than the line's largest frame never lets it through)" : "")));
            return -1;
        }
        return node.asLong();
    }

    private static long integer(JsonNode node, String path, long absent, long min, long max,
                                List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < min || node.asLong() > max) {
            errors.add(new FieldError(path, "must be an integer " + min + ".." + max + ", not "
                    + (node.isNumber() ? node.asText() : node.getNodeType().name().toLowerCase(Locale.ROOT))));
            return -1;
        }
        return node.asLong();
    }

    private static void unknown(JsonNode node, Set<String> fields, String path, String what,
                                List<FieldError> errors) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!fields.contains(name)) {
                errors.add(new FieldError(path + "." + name, "unknown field; " + what + " has "
                        + String.join(", ", new TreeSet<>(fields))));
            }
        }
    }
}
