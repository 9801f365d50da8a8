// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.rest.JsonFields;

import java.util.List;
import java.util.Optional;

/**
 * JSON of an APN6 policy: {"id", "name", "priority", "match": {"source", "destination",
 * "nextHeader", "sourcePorts": {"low", "high"}, "destinationPorts", "ingressPorts": [...]},
 * "option": {"slaLevel", "appId", "userId", "flowId"}, "slaPriority", "stripAtEgress"}.
 * Absent match fields are wildcards. Decoding names every field that is wrong, each once, in one
 * InvalidFieldsException; a required field that is absent reads as missing, not as a bad value.
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
        JsonFields f = JsonFields.ofRequest();
        String id = f.requiredText(json, "id", "id", "\"video\"");
        if (id != null) {
            f.problem("id", Apn6Policy.idProblem(id));
        }
        String name = f.text(json, "name", "name", null);
        Long priority = f.requiredInteger(json, "priority", "priority", 1, Apn6Policy.MAX_PRIORITY);
        Apn6Match match = match(f, json.get("match"));
        ApplicationAwareId option = option(f, json.get("option"));
        Long slaPriority = f.optionalInteger(json, "slaPriority", "slaPriority", 0, 7);
        JsonNode strip = json.get("stripAtEgress");
        if (strip != null && !strip.isNull() && !strip.isBoolean()) {
            f.problem("stripAtEgress", "stripAtEgress must be true or false, not " + strip);
        }
        f.check();
        return Apn6Policy.of(id, name, priority.intValue(), match, option,
                             slaPriority == null ? null : slaPriority.intValue(),
                             strip != null && strip.asBoolean(false));
    }

    /** The match; absent fields (or no match at all) are wildcards. */
    private static Apn6Match match(JsonFields f, JsonNode m) {
        Apn6Match.Builder match = Apn6Match.builder();
        if (m == null || m.isNull()) {
            return match.build();
        }
        if (!m.isObject()) {
            f.problem("match", "match must be an object (absent fields match everything)");
            return match.build();
        }
        prefix(f, m, "source").ifPresent(match::source);
        prefix(f, m, "destination").ifPresent(match::destination);
        Long nextHeader = f.optionalInteger(m, "nextHeader", "match.nextHeader", 0, 255);
        if (nextHeader != null) {
            match.nextHeader(nextHeader.intValue());
        }
        range(f, m, "sourcePorts").ifPresent(match::sourcePorts);
        range(f, m, "destinationPorts").ifPresent(match::destinationPorts);
        List<ConnectPoint> ports = f.array(m, "ingressPorts", "match.ingressPorts", i -> port -> {
            try {
                return ConnectPoint.deviceConnectPoint(port.isTextual() ? port.asText() : "");
            } catch (RuntimeException e) {
                f.problem("match.ingressPorts[" + i + "]", "match.ingressPorts[" + i + "] " + port
                        + " is not a port like device:beijing/3");
                return null;
            }
        });
        match.ingressPorts(ImmutableSet.copyOf(ports));
        return match.build();
    }

    /** The option: every field required, each 0..2^32-1; a missing one reads as missing. */
    private static ApplicationAwareId option(JsonFields f, JsonNode o) {
        if (o == null || o.isNull()) {
            f.problem("option", "option is required: {slaLevel, appId, userId, flowId}");
            return null;
        }
        if (!o.isObject()) {
            f.problem("option", "option must be an object {slaLevel, appId, userId, flowId}");
            return null;
        }
        Long slaLevel = f.requiredInteger(o, "slaLevel", "option.slaLevel", 0, ApplicationAwareId.MAX);
        Long appId = f.requiredInteger(o, "appId", "option.appId", 0, ApplicationAwareId.MAX);
        Long userId = f.requiredInteger(o, "userId", "option.userId", 0, ApplicationAwareId.MAX);
        Long flowId = f.requiredInteger(o, "flowId", "option.flowId", 0, ApplicationAwareId.MAX);
        if (slaLevel == null || appId == null || userId == null || flowId == null) {
            return null;
        }
        return ApplicationAwareId.of(slaLevel, appId, userId, flowId);
    }

    private static Optional<Ip6Prefix> prefix(JsonFields f, JsonNode m, String field) {
        String text = f.text(m, field, "match." + field, null);
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Ip6Prefix.valueOf(text));
        } catch (IllegalArgumentException e) {
            f.problem("match." + field, "match." + field + " \"" + text + "\" is not an IPv6 prefix like fd00:1::/32");
            return Optional.empty();
        }
    }

    private static Optional<PortRange> range(JsonFields f, JsonNode m, String field) {
        JsonNode r = m.get(field);
        String path = "match." + field;
        if (r == null || r.isNull()) {
            return Optional.empty();
        }
        if (!r.isObject()) {
            f.problem(path, path + " must be {\"low\": n, \"high\": n}");
            return Optional.empty();
        }
        Long low = f.requiredInteger(r, "low", path + ".low", 0, PortRange.MAX_PORT);
        Long high = f.requiredInteger(r, "high", path + ".high", 0, PortRange.MAX_PORT);
        if (low == null || high == null) {
            return Optional.empty();
        }
        if (low > high) {
            f.problem(path, path + ": port range " + low + "-" + high + " is empty (low > high)");
            return Optional.empty();
        }
        return Optional.of(PortRange.of(low.intValue(), high.intValue()));
    }
}
