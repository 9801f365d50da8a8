// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

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
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.features.msr6.api.TreeConstraints;
import org.sixflow.app.rest.JsonFields;
import org.sixflow.app.rest.JsonNumbers;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * JSON of a tree request: {"id", "source": "device:x/1", "group": "ff3e::1",
 * "receivers": ["device:y/3", "host:00:00:00:00:05:10/None"] (hosts stand for their location), "mode": "TE"|"RLB",
 * "algorithm": "SHORTEST_PATHS"|"STEINER", "sourceAddress",
 * "constraints": {"maxHops", "maxCost", "excludedDevices", "excludedPorts", "minBandwidthMbps",
 * "metric": "HOPS"|"LATENCY"|"COST"}} (constraints optional; source and receivers must be host-facing
 * ports, as the tree service says, each named where it stands). A limit that is absent or null is no
 * limit, and so is 0, as older clients sent it; answers write no limit as null. Decoding names
 * every field that is wrong, each once, in one InvalidFieldsException.
 */
public final class Msr6TreeRequestCodec extends JsonCodec<Msr6TreeRequest> {

    static final String HOST_PREFIX = "host:";
    private static final String PORT_EXAMPLE = "device:beijing/3";

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
        ObjectNode constraints = json.putObject("constraints");
        // Zero is how TreeConstraints holds "no limit"; the JSON says null, which nobody reads as a limit of 0.
        JsonNumbers.putNullable(constraints, "maxHops", c.maxHops() == 0 ? null : (long) c.maxHops());
        JsonNumbers.putNullable(constraints, "maxCost", c.maxCost() == 0 ? null : c.maxCost());
        JsonNumbers.putNullable(constraints, "minBandwidthMbps", c.minBandwidthMbps() == 0 ? null : c.minBandwidthMbps());
        constraints.put("metric", c.metric().name());
        ArrayNode devices = constraints.putArray("excludedDevices");
        c.excludedDevices().stream().map(Object::toString).sorted().forEach(devices::add);
        ArrayNode ports = constraints.putArray("excludedPorts");
        c.excludedPorts().stream().map(Object::toString).sorted().forEach(ports::add);
        return json;
    }

    @Override
    public Msr6TreeRequest decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        JsonFields f = JsonFields.ofRequest();
        String id = f.requiredText(json, "id", "id", "\"video\"");
        if (id != null) {
            f.problem("id", Msr6TreeRequest.idProblem(id));
        }
        ConnectPoint source = null;
        String sourceText = f.requiredText(json, "source", "source", "\"" + PORT_EXAMPLE + "\"");
        if (sourceText != null) {
            source = endpoint(context, f, "source", sourceText);
            if (source != null) {
                f.problem("source", context.getService(Msr6TreeService.class).endpointProblem(source));
            }
        }
        Ip6Address group = null;
        String groupText = f.requiredText(json, "group", "group", "\"ff3e::1\"");
        if (groupText != null) {
            group = address(f, "group", groupText, "an IPv6 address");
            if (group != null) {
                f.problem("group", Msr6TreeRequest.groupProblem(group));
            }
        }
        Set<ConnectPoint> receivers = receivers(context, f, json, source);
        Msr6Mode mode = enumValue(f, Msr6Mode.class, json, "mode", "mode", Msr6Mode.TE);
        Msr6TreeRequest.Algorithm algorithm = enumValue(f, Msr6TreeRequest.Algorithm.class, json, "algorithm",
                                                        "algorithm", Msr6TreeRequest.Algorithm.STEINER);
        Ip6Address sourceAddress = null;
        String sourceAddressText = f.text(json, "sourceAddress", "sourceAddress", null);
        if (sourceAddressText != null) {
            sourceAddress = address(f, "sourceAddress", sourceAddressText, "an IPv6 address");
            if (sourceAddress != null) {
                f.problem("sourceAddress", Msr6TreeRequest.sourceAddressProblem(sourceAddress));
            }
        }
        TreeConstraints constraints = constraints(f, json.get("constraints"));
        f.check();
        return Msr6TreeRequest.of(id, source, group, receivers, mode, algorithm, constraints)
                .withSourceAddress(sourceAddress);
    }

    /** The receivers, each checked where it stands ("receivers[1]"); a port listed twice is a problem too. */
    static Set<ConnectPoint> receivers(CodecContext context, JsonFields f, JsonNode json, ConnectPoint source) {
        JsonNode node = json.get("receivers");
        String shape = "an array of ports like \"" + PORT_EXAMPLE + "\" or hosts like \"host:00:00:00:00:05:10/None\"";
        if (node == null || node.isNull()) {
            f.problem("receivers", "receivers are required: " + shape);
            return Set.of();
        }
        if (!node.isArray()) {
            f.problem("receivers", "receivers must be " + shape);
            return Set.of();
        }
        if (node.size() == 0) {
            f.problem("receivers", "a tree needs at least one receiver");
        }
        Map<ConnectPoint, Integer> seen = new LinkedHashMap<>();
        for (int i = 0; i < node.size(); i++) {
            String path = "receivers[" + i + "]";
            JsonNode item = node.get(i);
            if (!item.isTextual()) {
                f.problem(path, path + " must be a string: a port like \"" + PORT_EXAMPLE + "\" or a host");
                continue;
            }
            ConnectPoint port = endpoint(context, f, path, item.asText());
            if (port == null) {
                continue;
            }
            Integer first = seen.putIfAbsent(port, i);
            Optional<String> notHostPort = context.getService(Msr6TreeService.class).endpointProblem(port);
            if (notHostPort.isPresent()) {
                f.problem(path, path + ": " + notHostPort.get());
            } else if (first != null) {
                f.problem(path, path + " " + item.asText() + " is " + port + ", which receivers[" + first + "] already names");
            } else if (port.equals(source)) {
                f.problem(path, path + " " + item.asText() + " is the source port " + source + ": it cannot also be a receiver");
            }
        }
        return ImmutableSet.copyOf(seen.keySet());
    }

    private static TreeConstraints constraints(JsonFields f, JsonNode node) {
        if (node == null || node.isNull()) {
            return TreeConstraints.NONE;
        }
        if (!node.isObject()) {
            f.problem("constraints", "constraints must be an object {maxHops, maxCost, excludedDevices, excludedPorts, "
                    + "minBandwidthMbps, metric}");
            return TreeConstraints.NONE;
        }
        Long maxHops = f.optionalInteger(node, "maxHops", "constraints.maxHops", 0, Integer.MAX_VALUE);
        double maxCost = limit(f, node, "maxCost");
        double minBandwidth = limit(f, node, "minBandwidthMbps");
        List<DeviceId> devices = f.array(node, "excludedDevices", "constraints.excludedDevices", i -> d -> {
            if (!d.isTextual() || !d.asText().contains(":")) {
                f.problem("constraints.excludedDevices[" + i + "]", "constraints.excludedDevices[" + i
                        + "] must be a device id like \"device:wuhan\", not " + d);
                return null;
            }
            return DeviceId.deviceId(d.asText());
        });
        List<ConnectPoint> ports = f.array(node, "excludedPorts", "constraints.excludedPorts", i -> p -> {
            String path = "constraints.excludedPorts[" + i + "]";
            if (!p.isTextual()) {
                f.problem(path, path + " must be a port like \"" + PORT_EXAMPLE + "\", not " + p);
                return null;
            }
            return connectPoint(f, path, p.asText());
        });
        TreeConstraints.Metric metric = enumValue(f, TreeConstraints.Metric.class, node, "metric",
                                                  "constraints.metric", TreeConstraints.Metric.HOPS);
        if (!f.ok()) {
            return TreeConstraints.NONE;
        }
        return TreeConstraints.of(maxHops == null ? 0 : maxHops.intValue(), maxCost, ImmutableSet.copyOf(devices),
                                  ImmutableSet.copyOf(ports), minBandwidth, metric);
    }

    /** A limit: absent, null or 0 is none (0 as older clients sent it); otherwise a number above 0. */
    private static double limit(JsonFields f, JsonNode node, String name) {
        Double value = f.number(node, name, "constraints." + name);
        if (value == null) {
            return 0;
        }
        if (!Double.isFinite(value) || value < 0) {
            f.problem("constraints." + name, "constraints." + name + " must be a number above 0, or null for no limit; not "
                    + node.get(name));
            return 0;
        }
        return value;
    }

    private static Ip6Address address(JsonFields f, String path, String text, String what) {
        try {
            return Ip6Address.valueOf(text);
        } catch (IllegalArgumentException e) {
            f.problem(path, path + " \"" + text + "\" is not " + what);
            return null;
        }
    }

    /**
     * A port ("device:beijing/3") or a host ("host:00:00:00:00:05:10/None"), which stands for
     * the edge port ONOS located it on; null, with the problem recorded, when it is neither.
     */
    private static ConnectPoint endpoint(CodecContext context, JsonFields f, String path, String value) {
        if (value.startsWith(HOST_PREFIX)) {
            HostId id;
            try {
                id = HostId.hostId(value.substring(HOST_PREFIX.length()));
            } catch (RuntimeException e) {
                f.problem(path, path + " \"" + value + "\" is not a host id like host:00:00:00:00:05:10/None");
                return null;
            }
            Host host = context.getService(HostService.class).getHost(id);
            if (host == null) {
                f.problem(path, path + ": ONOS knows no host " + id + " (GET hosts lists those it knows)");
                return null;
            }
            return host.location();
        }
        return connectPoint(f, path, value);
    }

    private static ConnectPoint connectPoint(JsonFields f, String path, String value) {
        try {
            return ConnectPoint.deviceConnectPoint(value);
        } catch (RuntimeException e) {
            f.problem(path, path + " \"" + value + "\" is not a port like " + PORT_EXAMPLE);
            return null;
        }
    }

    private static <E extends Enum<E>> E enumValue(JsonFields f, Class<E> type, JsonNode parent, String name,
                                                   String path, E otherwise) {
        String value = f.text(parent, name, path, null);
        if (value == null) {
            return otherwise;
        }
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            f.problem(path, path + " must be one of " + Arrays.toString(type.getEnumConstants()) + ", not \""
                    + value + "\"");
            return otherwise;
        }
    }
}
