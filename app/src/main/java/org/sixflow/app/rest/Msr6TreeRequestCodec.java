// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.host.HostService;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.TreeConstraints;

import java.util.Arrays;
import java.util.Locale;

/**
 * JSON of a tree request: {"id", "source": "device:x/1", "group": "ff3e::1",
 * "receivers": ["device:y/3", "host:00:00:00:00:00:30/None"] (hosts stand for their location), "mode": "TE"|"RLB", "algorithm": "SHORTEST_PATHS"|"STEINER",
 * "constraints": {"maxHops", "maxCost", "excludedDevices", "excludedPorts", "minBandwidthMbps",
 * "metric": "HOPS"|"LATENCY"|"COST"}} (constraints optional; zero means no limit).
 * Decoding says which field is wrong and why.
 */
public final class Msr6TreeRequestCodec extends JsonCodec<Msr6TreeRequest> {

    static final String HOST_PREFIX = "host:";

    @Override
    public ObjectNode encode(Msr6TreeRequest request, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("id", request.id())
                .put("source", request.source().toString())
                .put("group", request.group().toString())
                .put("mode", request.mode().name())
                .put("algorithm", request.algorithm().name());
        ArrayNode receivers = json.putArray("receivers");
        request.receivers().forEach(r -> receivers.add(r.toString()));
        request.sourceAddress().ifPresent(a -> json.put("sourceAddress", a.toString()));
        TreeConstraints c = request.constraints();
        ObjectNode constraints = json.putObject("constraints")
                .put("maxHops", c.maxHops()).put("maxCost", c.maxCost())
                .put("minBandwidthMbps", c.minBandwidthMbps()).put("metric", c.metric().name());
        ArrayNode devices = constraints.putArray("excludedDevices");
        c.excludedDevices().stream().map(Object::toString).sorted().forEach(devices::add);
        ArrayNode ports = constraints.putArray("excludedPorts");
        c.excludedPorts().stream().map(Object::toString).sorted().forEach(ports::add);
        return json;
    }

    private static TreeConstraints constraints(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return TreeConstraints.NONE;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException("constraints must be an object");
        }
        ImmutableSet.Builder<DeviceId> devices = ImmutableSet.builder();
        node.path("excludedDevices").forEach(d -> devices.add(DeviceId.deviceId(d.asText())));
        ImmutableSet.Builder<ConnectPoint> ports = ImmutableSet.builder();
        node.path("excludedPorts").forEach(p -> ports.add(connectPoint("constraints.excludedPorts", p)));
        return TreeConstraints.of(number(node, "maxHops").intValue(), number(node, "maxCost").doubleValue(),
                                  devices.build(), ports.build(), number(node, "minBandwidthMbps").doubleValue(),
                                  enumValue(TreeConstraints.Metric.class, "constraints.metric",
                                            node.path("metric").asText("HOPS")));
    }

    private static Ip6Address sourceAddress(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        try {
            return Ip6Address.valueOf(node.asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sourceAddress \"" + node.asText() + "\" is not an IPv6 address");
        }
    }

    private static Number number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return 0;
        }
        if (!value.isNumber()) {
            throw new IllegalArgumentException("constraints." + field + " must be a number");
        }
        return value.numberValue();
    }

    @Override
    public Msr6TreeRequest decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        JsonNode receivers = json.path("receivers");
        if (!receivers.isArray()) {
            throw new IllegalArgumentException("receivers must be an array of \"device:id/port\" strings");
        }
        ImmutableSet.Builder<ConnectPoint> ports = ImmutableSet.builder();
        receivers.forEach(r -> ports.add(endpoint(context, "receivers", r)));
        Ip6Address group;
        try {
            group = Ip6Address.valueOf(text(json, "group"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("group \"" + json.path("group").asText() + "\" is not an IPv6 address");
        }
        return Msr6TreeRequest.of(text(json, "id"), endpoint(context, "source", json.path("source")), group,
                                  ports.build(),
                                  enumValue(Msr6Mode.class, "mode", json.path("mode").asText("TE")),
                                  enumValue(Msr6TreeRequest.Algorithm.class, "algorithm",
                                            json.path("algorithm").asText("STEINER")),
                                  constraints(json.path("constraints")))
                .withSourceAddress(sourceAddress(json.path("sourceAddress")));
    }

    private static String text(ObjectNode json, String field) {
        JsonNode node = json.path(field);
        if (!node.isTextual() || node.asText().isEmpty()) {
            throw new IllegalArgumentException(field + " is required (a string)");
        }
        return node.asText();
    }

    /**
     * A port ("device:beijing/3") or a host ("host:00:00:00:00:00:10/None"), which stands for
     * the edge port ONOS located it on.
     */
    static ConnectPoint endpoint(CodecContext context, String field, JsonNode node) {
        String value = node.asText("");
        if (value.startsWith(HOST_PREFIX)) {
            HostId id;
            try {
                id = HostId.hostId(value.substring(HOST_PREFIX.length()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(field + ": \"" + value + "\" is not a host id like "
                                                           + "host:00:00:00:00:00:10/None");
            }
            Host host = context.getService(HostService.class).getHost(id);
            if (host == null) {
                throw new IllegalArgumentException(field + ": ONOS knows no host " + id);
            }
            return host.location();
        }
        return connectPoint(field, node);
    }

    private static ConnectPoint connectPoint(String field, JsonNode node) {
        String value = node.asText("");
        try {
            return ConnectPoint.deviceConnectPoint(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(field + ": \"" + value + "\" is not a port like device:beijing/3");
        }
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String field, String value) {
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + " must be one of " + Arrays.toString(type.getEnumConstants())
                                                       + ", not \"" + value + "\"");
        }
    }
}
