// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.PortRange;

import java.util.Optional;

/**
 * JSON of an APN6 policy: {"id", "name", "priority", "match": {"source", "destination",
 * "nextHeader", "sourcePorts": {"low", "high"}, "destinationPorts", "ingressPorts": [...]},
 * "option": {"slaLevel", "appId", "userId", "flowId"}, "slaPriority", "stripAtEgress"}.
 * Absent match fields are wildcards. Decoding names the field that is wrong.
 */
public final class Apn6PolicyCodec extends JsonCodec<Apn6Policy> {

    @Override
    public ObjectNode encode(Apn6Policy policy, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("id", policy.id()).put("name", policy.name()).put("priority", policy.priority());
        Apn6Match m = policy.match();
        ObjectNode match = json.putObject("match")
                .put("source", m.source().toString()).put("destination", m.destination().toString());
        m.nextHeader().ifPresent(nh -> match.put("nextHeader", nh));
        match.putObject("sourcePorts").put("low", m.sourcePorts().low()).put("high", m.sourcePorts().high());
        match.putObject("destinationPorts").put("low", m.destinationPorts().low())
                .put("high", m.destinationPorts().high());
        ArrayNode ports = match.putArray("ingressPorts");
        m.ingressPorts().stream().map(Object::toString).sorted().forEach(ports::add);
        json.putObject("option").put("slaLevel", policy.option().slaLevel()).put("appId", policy.option().appId())
                .put("userId", policy.option().userId()).put("flowId", policy.option().flowId());
        policy.slaPriority().ifPresent(p -> json.put("slaPriority", p));
        json.put("stripAtEgress", policy.stripAtEgress());
        return json;
    }

    @Override
    public Apn6Policy decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        JsonNode m = json.path("match");
        Apn6Match.Builder match = Apn6Match.builder();
        if (!m.isMissingNode()) {
            if (!m.isObject()) {
                throw new IllegalArgumentException("match must be an object");
            }
            prefix(m, "source").ifPresent(match::source);
            prefix(m, "destination").ifPresent(match::destination);
            if (m.has("nextHeader")) {
                match.nextHeader(integer(m, "nextHeader", "match."));
            }
            range(m, "sourcePorts").ifPresent(match::sourcePorts);
            range(m, "destinationPorts").ifPresent(match::destinationPorts);
            ImmutableSet.Builder<ConnectPoint> ports = ImmutableSet.builder();
            for (JsonNode port : m.path("ingressPorts")) {
                try {
                    ports.add(ConnectPoint.deviceConnectPoint(port.asText("")));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("match.ingressPorts: \"" + port.asText()
                                                               + "\" is not a port like device:beijing/3");
                }
            }
            match.ingressPorts(ports.build());
        }
        JsonNode o = json.path("option");
        if (!o.isObject()) {
            throw new IllegalArgumentException("option is required: {slaLevel, appId, userId, flowId}");
        }
        ApplicationAwareId option = ApplicationAwareId.of(number(o, "slaLevel"), number(o, "appId"),
                                                          number(o, "userId"), number(o, "flowId"));
        Integer slaPriority = json.has("slaPriority") ? integer(json, "slaPriority", "") : null;
        if (!json.path("id").isTextual()) {
            throw new IllegalArgumentException("id is required (a string)");
        }
        return Apn6Policy.of(json.path("id").asText(), json.path("name").asText(null),
                             json.has("priority") ? integer(json, "priority", "") : 0, match.build(), option,
                             slaPriority, json.path("stripAtEgress").asBoolean(false));
    }

    private static Optional<Ip6Prefix> prefix(JsonNode m, String field) {
        if (!m.has(field)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Ip6Prefix.valueOf(m.path(field).asText()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("match." + field + " \"" + m.path(field).asText()
                                                       + "\" is not an IPv6 prefix like fd00:1::/32");
        }
    }

    private static Optional<PortRange> range(JsonNode m, String field) {
        if (!m.has(field)) {
            return Optional.empty();
        }
        JsonNode r = m.path(field);
        if (!r.path("low").isInt() || !r.path("high").isInt()) {
            throw new IllegalArgumentException("match." + field + " must be {\"low\": n, \"high\": n}");
        }
        try {
            return Optional.of(PortRange.of(r.path("low").asInt(), r.path("high").asInt()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("match." + field + ": " + e.getMessage());
        }
    }

    private static int integer(JsonNode node, String field, String prefix) {
        if (!node.path(field).isInt()) {
            throw new IllegalArgumentException(prefix + field + " must be a whole number");
        }
        return node.path(field).asInt();
    }

    private static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.canConvertToLong() || !value.isIntegralNumber()) {
            throw new IllegalArgumentException("option." + field + " must be a whole number 0..4294967295");
        }
        return value.asLong();
    }
}
