// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.InvalidFieldsException.FieldError;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * JSON of an ILNP site: {"name", "device", "internalLocator", "uplinks": [{"port", "locator",
 * "routerMac", "nextHopMac", "weight"}]}; encoding adds "siteId" and "revision". Decoding takes
 * exactly these fields and names every one that is wrong (400 with "errors"): missing, of the
 * wrong type, too long, not a /64 locator, not a MAC, and what {@link IlnpSite#of} refuses
 * (weights out of range or not summing to 100, ports repeated or out of range, locators repeated).
 * The body of a weight change is {"weights": {"port": weight, ...}} ({@link #weights}).
 */
public final class IlnpSiteCodec extends JsonCodec<IlnpSite> {

    /** The fields a request has. */
    static final Set<String> FIELDS = Set.of("name", "device", "internalLocator", "uplinks");
    /** The fields an uplink has. */
    static final Set<String> UPLINK_FIELDS = Set.of("port", "locator", "routerMac", "nextHopMac", "weight");
    /** Longest text taken for a name, device, locator or MAC. */
    static final int MAX_CHARS = 256;
    private static final int ECHO_CHARS = 64;

    @Override
    public ObjectNode encode(IlnpSite site, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("name", site.name())
                .put("device", site.device().toString())
                .put("internalLocator", site.internalLocator().toString())
                .put("siteId", site.siteId()).put("revision", site.revision());
        ArrayNode uplinks = json.putArray("uplinks");
        for (IlnpUplink uplink : site.uplinks()) {
            uplinks.addObject().put("port", (int) uplink.port().toLong()).put("locator", uplink.locator().toString())
                    .put("routerMac", mac(uplink.routerMac())).put("nextHopMac", mac(uplink.nextHopMac()))
                    .put("weight", uplink.weight());
        }
        return json;
    }

    @Override
    public IlnpSite decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        List<FieldError> errors = new ArrayList<>();
        unknown(json, FIELDS, "", "a site", errors);
        String name = text(json, "name", "name", "site-a", errors);
        String deviceText = text(json, "device", "device", "device:sbr", errors);
        DeviceId device = deviceText == null ? null : DeviceId.deviceId(deviceText);
        Ip6Prefix internal = locator(json, "internalLocator", "internalLocator", errors);
        List<IlnpUplink> uplinks = new ArrayList<>();
        JsonNode list = json.get("uplinks");
        if (list == null || list.isNull()) {
            errors.add(new FieldError("uplinks", "is required (a list of uplinks)"));
        } else if (!list.isArray()) {
            errors.add(new FieldError("uplinks", "must be a list of uplinks, not " + type(list)));
        } else {
            for (int i = 0; i < list.size(); i++) {
                String at = "uplinks[" + i + "]";
                JsonNode node = list.get(i);
                if (!node.isObject()) {
                    errors.add(new FieldError(at, "must be an object, not " + type(node)));
                    continue;
                }
                ObjectNode uplink = (ObjectNode) node;
                unknown(uplink, UPLINK_FIELDS, at + ".", "an uplink", errors);
                Integer port = integer(uplink, "port", at + ".port", errors);
                Ip6Prefix locator = locator(uplink, "locator", at + ".locator", errors);
                MacAddress routerMac = mac(uplink, "routerMac", at + ".routerMac", errors);
                MacAddress nextHopMac = mac(uplink, "nextHopMac", at + ".nextHopMac", errors);
                Integer weight = integer(uplink, "weight", at + ".weight", errors);
                boolean read = port != null && locator != null && routerMac != null && nextHopMac != null
                        && weight != null;
                // An uplink that could not be read stays in its place (null), so the others keep their index.
                uplinks.add(read ? IlnpUplink.of(PortNumber.portNumber(port), locator, routerMac, nextHopMac, weight)
                                : null);
            }
        }
        // What the site's own checks say of the fields that could be read: all in one answer.
        Set<String> reported = new java.util.HashSet<>();
        errors.forEach(e -> reported.add(e.field()));
        for (FieldError problem : IlnpSite.problems(name, device, internal, list == null ? null : uplinks)) {
            if (!reported.contains(problem.field())) {
                errors.add(problem);
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        return IlnpSite.of(name, device, internal, uplinks);
    }

    /**
     * Reads the body of a weight change: {"weights": {"2": 80, "3": 20}}.
     *
     * @param json the body
     * @return port to weight
     * @throws InvalidFieldsException naming what is wrong
     */
    public static Map<PortNumber, Integer> weights(ObjectNode json) {
        List<FieldError> errors = new ArrayList<>();
        unknown(json, Set.of("weights"), "", "a weight change", errors);
        JsonNode weights = json.get("weights");
        Map<PortNumber, Integer> result = new LinkedHashMap<>();
        if (weights == null || !weights.isObject()) {
            errors.add(new FieldError("weights", "is required: an object of uplink port to weight, e.g."
                    + " {\"2\": 80, \"3\": 20}"));
        } else {
            Iterator<Map.Entry<String, JsonNode>> fields = weights.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                String at = "weights." + echo(e.getKey());
                if (!e.getKey().matches("[0-9]{1,5}")) {
                    errors.add(new FieldError(at, "is not a port number"));
                } else if (!e.getValue().isInt()) {
                    errors.add(new FieldError(at, "must be a whole number 0..100, not " + type(e.getValue())));
                } else {
                    result.put(PortNumber.portNumber(Long.parseLong(e.getKey())), e.getValue().intValue());
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        return result;
    }

    private static void unknown(ObjectNode json, Set<String> known, String prefix, String what,
                                List<FieldError> errors) {
        Iterator<String> names = json.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!known.contains(name)) {
                errors.add(new FieldError(prefix + echo(name), "unknown field; " + what + " has "
                        + String.join(", ", new TreeSet<>(known))));
            }
        }
    }

    private static String text(ObjectNode json, String field, String path, String example, List<FieldError> errors) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            errors.add(new FieldError(path, "is required (a string such as " + example + ")"));
            return null;
        }
        if (!node.isTextual()) {
            errors.add(new FieldError(path, "must be a string such as " + example + ", not " + type(node)));
            return null;
        }
        String text = node.asText();
        if (text.length() > MAX_CHARS) {
            errors.add(new FieldError(path, "is " + text.length() + " characters long; at most " + MAX_CHARS));
            return null;
        }
        return text;
    }

    private static Ip6Prefix locator(ObjectNode json, String field, String path, List<FieldError> errors) {
        String text = text(json, field, path, "2001:db8:a:1::/64", errors);
        if (text == null) {
            return null;
        }
        try {
            return IlnpSite.locator(text);
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError(path, e.getMessage()));
            return null;
        }
    }

    private static MacAddress mac(ObjectNode json, String field, String path, List<FieldError> errors) {
        String text = text(json, field, path, "00:aa:00:00:02:01", errors);
        if (text == null) {
            return null;
        }
        if (!text.matches("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}")) {
            errors.add(new FieldError(path, echo(text) + " is no MAC address (six hex pairs, colon-separated)"));
            return null;
        }
        return MacAddress.valueOf(text);
    }

    private static Integer integer(ObjectNode json, String field, String path, List<FieldError> errors) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            errors.add(new FieldError(path, "is required (a whole number)"));
            return null;
        }
        if (!node.isInt()) {
            errors.add(new FieldError(path, "must be a whole number, not " + type(node)));
            return null;
        }
        return node.intValue();
    }

    /** A MAC as requests write it: lower case. */
    private static String mac(MacAddress mac) {
        return mac.toString().toLowerCase(Locale.ROOT);
    }

    private static String type(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static String echo(String text) {
        return text.length() <= ECHO_CHARS ? text : text.substring(0, ECHO_CHARS) + "…";
    }
}
