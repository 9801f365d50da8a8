// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.InvalidFieldsException.FieldError;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The relay's configuration as JSON, one format for the network config
 * ({@code apps.org.sixflow.app.bng}) and REST ({@code PUT /bng/config}):
 * <pre>
 * {"server": "device:bng/2", "echoIntervalSeconds": 30, "echoMisses": 4,
 *  "linePrefixes": [{"sTag": 100, "cTag": 10, "prefix": "fd33:0:0:1::/64", "delegated": "fd33:100:0:100::/56"}],
 *  "prefixPool": "fd33:1::/48", "delegatedPool": "fd33:200::/40", "delegatedLength": 56,
 *  "forwardDevice": "device:bng-forward",
 *  "defaultMeter": {"upstream": {"cirKbps": 10000, "cbsBytes": 15000, "pirKbps": 20000, "pbsBytes": 30000}},
 *  "lineMeters": [{"sTag": 100, "cTag": 10, "upstream": {...}, "downstream": {...}}]}
 * </pre>
 * Every field but server is optional; without forwardDevice the BNG is not split; the meters are
 * {@link BngMeterJson}'s. Reading names every field that is wrong.
 */
public final class BngConfigJson {

    /** The fields of the object. */
    public static final Set<String> FIELDS = Set.of("server", "echoIntervalSeconds", "echoMisses", "linePrefixes",
                                                    "prefixPool", "delegatedPool", "delegatedLength",
                                                    "forwardDevice", "defaultMeter", "lineMeters");
    private static final Set<String> LINE_FIELDS = Set.of("sTag", "cTag", "prefix", "delegated");
    /** Most line prefixes taken: the data plane's 8192 lines. */
    public static final int MAX_LINE_PREFIXES = 8192;
    private static final int MAX_TEXT = 256;

    private BngConfigJson() {
    }

    /**
     * Reads a configuration.
     *
     * @param json the object
     * @return the configuration
     * @throws InvalidFieldsException naming every field that is wrong
     */
    public static BngConfig read(JsonNode json) {
        List<FieldError> errors = new ArrayList<>();
        if (json == null || !json.isObject()) {
            throw new InvalidFieldsException(List.of(new FieldError("", "must be a JSON object")));
        }
        Iterator<String> names = json.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                errors.add(new FieldError(name, "unknown field; the BNG configuration has "
                        + String.join(", ", new TreeSet<>(FIELDS))));
            }
        }
        ConnectPoint server = null;
        JsonNode serverNode = json.get("server");
        if (serverNode == null || serverNode.isNull()) {
            errors.add(new FieldError("server", "is required (the PPPoE server's port, such as device:bng/2)"));
        } else if (!serverNode.isTextual() || serverNode.asText().length() > MAX_TEXT) {
            errors.add(new FieldError("server", "must be a string such as device:bng/2"));
        } else {
            try {
                server = ConnectPoint.deviceConnectPoint(serverNode.asText());
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError("server", "\"" + serverNode.asText() + "\" is not device/port"));
            }
        }
        int interval = integer(json, "echoIntervalSeconds", BngConfig.DEFAULT_ECHO_INTERVAL_SECONDS, 1,
                               BngConfig.MAX_ECHO_INTERVAL_SECONDS, errors);
        int misses = integer(json, "echoMisses", BngConfig.DEFAULT_ECHO_MISSES, 1, BngConfig.MAX_ECHO_MISSES, errors);
        Map<Integer, Ip6Prefix> linePrefixes = new LinkedHashMap<>();
        Map<Integer, Ip6Prefix> lineDelegated = new LinkedHashMap<>();
        JsonNode lines = json.get("linePrefixes");
        if (lines != null && !lines.isNull()) {
            if (!lines.isArray()) {
                errors.add(new FieldError("linePrefixes", "must be an array of {sTag, cTag, prefix}"));
            } else if (lines.size() > MAX_LINE_PREFIXES) {
                errors.add(new FieldError("linePrefixes", "has " + lines.size() + " entries; at most "
                        + MAX_LINE_PREFIXES));
            } else {
                for (int i = 0; i < lines.size(); i++) {
                    line(lines.get(i), "linePrefixes[" + i + "]", linePrefixes, lineDelegated, errors);
                }
            }
        }
        Ip6Prefix pool = null;
        JsonNode poolNode = json.get("prefixPool");
        if (poolNode != null && !poolNode.isNull()) {
            pool = prefix(poolNode, "prefixPool", 32, 64, errors);
        }
        int delegatedLength = integer(json, "delegatedLength", BngConfig.DEFAULT_DELEGATED_LENGTH,
                                      BngConfig.MIN_DELEGATED_LENGTH, BngConfig.MAX_DELEGATED_LENGTH, errors);
        Ip6Prefix delegatedPool = null;
        JsonNode delegatedPoolNode = json.get("delegatedPool");
        if (delegatedPoolNode != null && !delegatedPoolNode.isNull()) {
            delegatedPool = prefix(delegatedPoolNode, "delegatedPool", BngConfig.MIN_DELEGATED_LENGTH,
                                   BngConfig.MAX_DELEGATED_LENGTH, errors);
            if (delegatedPool != null && delegatedLength > 0 && delegatedPool.prefixLength() > delegatedLength) {
                errors.add(new FieldError("delegatedPool", delegatedPool + " is longer than delegatedLength /"
                        + delegatedLength + ": it holds no prefix of that length"));
            }
        }
        DeviceId forwardDevice = forwardDevice(json.get("forwardDevice"), errors);
        BngLineMeter defaultMeter = BngMeterJson.readDefault(json.get("defaultMeter"), errors);
        Map<Integer, BngLineMeter> lineMeters = new LinkedHashMap<>();
        BngMeterJson.readLines(json.get("lineMeters"), lineMeters, errors);
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        return new BngConfig(server, interval, misses, linePrefixes, pool, lineDelegated, delegatedPool,
                             delegatedLength, forwardDevice).withMeters(defaultMeter, lineMeters);
    }

    /**
     * Writes a configuration.
     *
     * @param config the configuration
     * @param mapper where nodes come from
     * @return the object
     */
    public static ObjectNode write(BngConfig config, ObjectMapper mapper) {
        ObjectNode json = mapper.createObjectNode();
        config.server().ifPresentOrElse(s -> json.put("server", s.toString()), () -> json.putNull("server"));
        json.put("echoIntervalSeconds", config.echoIntervalSeconds()).put("echoMisses", config.echoMisses());
        ArrayNode lines = json.putArray("linePrefixes");
        config.linePrefixes().forEach((key, prefix) -> {
            ObjectNode line = lines.addObject().put("sTag", key >> 12).put("cTag", key & 0xfff)
                    .put("prefix", prefix.toString());
            Ip6Prefix delegated = config.lineDelegated().get(key);
            if (delegated != null) {
                line.put("delegated", delegated.toString());
            }
        });
        config.prefixPool().ifPresentOrElse(p -> json.put("prefixPool", p.toString()),
                                            () -> json.putNull("prefixPool"));
        config.delegatedPool().ifPresentOrElse(p -> json.put("delegatedPool", p.toString()),
                                               () -> json.putNull("delegatedPool"));
        json.put("delegatedLength", config.delegatedLength());
        config.forwardDevice().ifPresentOrElse(d -> json.put("forwardDevice", d.toString()),
                                               () -> json.putNull("forwardDevice"));
        BngMeterJson.write(config, json);
        return json;
    }

    /** The split's forwarding device: absent or null for none, else a device id (a URI with a scheme). */
    private static DeviceId forwardDevice(JsonNode node, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return null;
        }
        String example = "a device id such as device:bng-forward (the split's bng-forward switch)";
        if (!node.isTextual() || node.asText().isBlank() || node.asText().length() > MAX_TEXT) {
            errors.add(new FieldError("forwardDevice", "must be " + example));
            return null;
        }
        DeviceId device;
        try {
            device = DeviceId.deviceId(node.asText().trim());
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError("forwardDevice", "\"" + node.asText() + "\" is not " + example));
            return null;
        }
        if (device.uri().getScheme() == null || device.uri().getSchemeSpecificPart().isEmpty()) {
            errors.add(new FieldError("forwardDevice", "\"" + node.asText() + "\" is not " + example));
            return null;
        }
        return device;
    }

    private static void line(JsonNode node, String path, Map<Integer, Ip6Prefix> into,
                             Map<Integer, Ip6Prefix> delegatedInto, List<FieldError> errors) {
        if (node == null || !node.isObject()) {
            errors.add(new FieldError(path, "must be an object {sTag, cTag, prefix}"));
            return;
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!LINE_FIELDS.contains(name)) {
                errors.add(new FieldError(path + "." + name,
                                          "unknown field; a line prefix has cTag, delegated, prefix, sTag"));
            }
        }
        int s = integer(node, "sTag", 0, 0, 4094, errors, path + ".");
        int c = integer(node, "cTag", 0, 0, 4094, errors, path + ".");
        JsonNode prefixNode = node.get("prefix");
        Ip6Prefix prefix = null;
        if (prefixNode == null || prefixNode.isNull()) {
            errors.add(new FieldError(path + ".prefix", "is required (a /64 such as fd33:0:0:1::/64)"));
        } else {
            prefix = prefix(prefixNode, path + ".prefix", 64, 64, errors);
        }
        JsonNode delegatedNode = node.get("delegated");
        Ip6Prefix delegated = null;
        if (delegatedNode != null && !delegatedNode.isNull()) {
            delegated = prefix(delegatedNode, path + ".delegated", BngConfig.MIN_DELEGATED_LENGTH,
                               BngConfig.MAX_DELEGATED_LENGTH, errors);
            if (delegated != null && prefix != null && (delegated.contains(prefix) || prefix.contains(delegated))) {
                errors.add(new FieldError(path + ".delegated", delegated + " overlaps the line's /64 " + prefix
                        + " (the /64 is the session's link, the delegated prefix is routed behind it)"));
                delegated = null;
            }
        }
        if (prefix != null && s >= 0 && c >= 0) {
            if (into.putIfAbsent(BngConfig.lineKey(s, c), prefix) != null) {
                errors.add(new FieldError(path, "S-tag " + s + ", C-tag " + c + " is given twice"));
            } else if (delegated != null) {
                delegatedInto.put(BngConfig.lineKey(s, c), delegated);
            }
        }
    }

    private static Ip6Prefix prefix(JsonNode node, String field, int min, int max, List<FieldError> errors) {
        if (!node.isTextual() || node.asText().length() > MAX_TEXT) {
            errors.add(new FieldError(field, "must be an IPv6 prefix string such as fd33:0:0:1::/64"));
            return null;
        }
        Ip6Prefix prefix;
        try {
            prefix = Ip6Prefix.valueOf(node.asText());
        } catch (RuntimeException e) {
            errors.add(new FieldError(field, "\"" + node.asText() + "\" is not an IPv6 prefix"));
            return null;
        }
        if (prefix.prefixLength() < min || prefix.prefixLength() > max) {
            errors.add(new FieldError(field, prefix + " must be " + (min == max ? "a /" + min
                    : "/" + min + " to /" + max)));
            return null;
        }
        if (!prefix.address().equals(Ip6Address.valueOf(node.asText().split("/")[0].trim()))) {
            errors.add(new FieldError(field, node.asText() + " has bits set past its length (" + prefix + ")"));
            return null;
        }
        return prefix;
    }

    private static int integer(JsonNode json, String field, int absent, int min, int max, List<FieldError> errors) {
        return integer(json, field, absent, min, max, errors, "");
    }

    private static int integer(JsonNode json, String field, int absent, int min, int max, List<FieldError> errors,
                               String path) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.isIntegralNumber() || node.asLong() < min || node.asLong() > max) {
            errors.add(new FieldError(path + field, "must be an integer " + min + ".." + max + ", not "
                    + (node.isNumber() ? node.asText() : node.getNodeType().name().toLowerCase(Locale.ROOT))));
            return -1;
        }
        return node.asInt();
    }
}
