// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * JSON of a GTP-U tunnel: {"id", "uePrefixes": [...], "n3Address", "peerAddress", "downlinkTeid",
 * "uplinkTeid", "qfi" (absent when none), "checksumMode": "ZERO"|"FULL"|"INCREMENTAL",
 * "acceptZeroChecksum", "decapDevice", "encapDevices": [...]}, and "counterIndex" once stored.
 * Decoding takes the model's fields only (counterIndex is the server's) and names the field that
 * is wrong, or the one it does not know.
 */
public final class GtpuTunnelCodec extends JsonCodec<GtpuTunnel> {

    /** The fields a request may have. */
    static final Set<String> FIELDS = Set.of("id", "uePrefixes", "n3Address", "peerAddress", "downlinkTeid",
                                             "uplinkTeid", "qfi", "checksumMode", "acceptZeroChecksum",
                                             "decapDevice", "encapDevices");

    @Override
    public ObjectNode encode(GtpuTunnel tunnel, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("id", tunnel.id());
        ArrayNode prefixes = json.putArray("uePrefixes");
        tunnel.uePrefixes().forEach(p -> prefixes.add(p.toString()));
        json.put("n3Address", tunnel.n3Address().toString()).put("peerAddress", tunnel.peerAddress().toString())
                .put("downlinkTeid", tunnel.downlinkTeid()).put("uplinkTeid", tunnel.uplinkTeid());
        tunnel.qfi().ifPresent(qfi -> json.put("qfi", qfi));
        json.put("checksumMode", tunnel.checksumMode().name()).put("acceptZeroChecksum", tunnel.acceptZeroChecksum())
                .put("decapDevice", tunnel.decapDevice().toString());
        ArrayNode encap = json.putArray("encapDevices");
        tunnel.encapDevices().forEach(d -> encap.add(d.toString()));
        tunnel.counterIndex().ifPresent(index -> json.put("counterIndex", index));
        return json;
    }

    @Override
    public GtpuTunnel decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        Iterator<String> names = json.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException("unknown field \"" + name + "\"; a tunnel has " + String.join(
                        ", ", FIELDS.stream().sorted().toArray(String[]::new)));
            }
        }
        if (!json.path("id").isTextual()) {
            throw new IllegalArgumentException("id is required (a string)");
        }
        JsonNode qfi = json.path("qfi");
        if (!qfi.isMissingNode() && !qfi.isNull() && !qfi.isInt()) {
            throw new IllegalArgumentException("qfi must be a whole number 0..63");
        }
        JsonNode zero = json.path("acceptZeroChecksum");
        if (!zero.isMissingNode() && !zero.isBoolean()) {
            throw new IllegalArgumentException("acceptZeroChecksum must be true or false");
        }
        return GtpuTunnel.builder().id(json.path("id").asText())
                .uePrefixes(prefixes(json.path("uePrefixes")))
                .n3Address(address(json, "n3Address")).peerAddress(address(json, "peerAddress"))
                .downlinkTeid(teid(json, "downlinkTeid")).uplinkTeid(teid(json, "uplinkTeid"))
                .qfi(qfi.isInt() ? qfi.asInt() : null)
                .checksumMode(mode(json.path("checksumMode")))
                .acceptZeroChecksum(zero.asBoolean(false))
                .decapDevice(device(json.path("decapDevice"), "decapDevice"))
                .encapDevices(devices(json.path("encapDevices")))
                .build();
    }

    private static List<Ip6Prefix> prefixes(JsonNode node) {
        if (!node.isArray() || node.size() == 0) {
            throw new IllegalArgumentException("uePrefixes is required: an array of IPv6 prefixes like fd00:9::/64");
        }
        List<Ip6Prefix> prefixes = new ArrayList<>();
        for (JsonNode p : node) {
            try {
                prefixes.add(Ip6Prefix.valueOf(p.asText("")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("uePrefixes: \"" + p.asText() + "\" is not an IPv6 prefix like"
                                                           + " fd00:9::/64");
            }
        }
        return prefixes;
    }

    private static Ip6Address address(JsonNode json, String field) {
        JsonNode node = json.path(field);
        if (!node.isTextual()) {
            throw new IllegalArgumentException(field + " is required (an IPv6 address)");
        }
        try {
            return Ip6Address.valueOf(node.asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + " \"" + node.asText() + "\" is not an IPv6 address");
        }
    }

    private static long teid(JsonNode json, String field) {
        JsonNode node = json.path(field);
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new IllegalArgumentException(field + " is required: a whole number 1..4294967295");
        }
        return node.asLong();
    }

    private static GtpuChecksumMode mode(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return GtpuChecksumMode.ZERO;
        }
        try {
            return GtpuChecksumMode.valueOf(node.asText("").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("checksumMode \"" + node.asText() + "\" must be ZERO, FULL or"
                                                       + " INCREMENTAL");
        }
    }

    private static DeviceId device(JsonNode node, String field) {
        if (!node.isTextual() || node.asText().isEmpty()) {
            throw new IllegalArgumentException(field + " is required (a device id like device:beijing)");
        }
        return DeviceId.deviceId(node.asText());
    }

    private static List<DeviceId> devices(JsonNode node) {
        List<DeviceId> devices = new ArrayList<>();
        if (node.isMissingNode() || node.isNull()) {
            return devices;
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException("encapDevices must be an array of device ids");
        }
        node.forEach(d -> devices.add(device(d, "encapDevices")));
        return devices;
    }
}
