// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Address;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.api.TimeWindow;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Experiments in JSON (definitions/Experiment.json). Decoding names every field that cannot be
 * read, by its path, in one ExperimentValidationException; what it reads is checked by the
 * service. The interval is in microseconds; absent optional fields take the defaults.
 */
public final class ExperimentCodec extends JsonCodec<Experiment> {

    @Override
    public ObjectNode encode(Experiment e, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("id", e.id()).put("name", e.name()).put("description", e.description());
        if (e.ingress() == null) {
            json.putNull("ingress");
        } else {
            json.put("ingress", e.ingress().toString());
        }
        json.put("traffic", e.traffic().name());
        ArrayNode classes = json.putArray("classes");
        for (ExperimentClass c : e.classes()) {
            ObjectNode k = classes.addObject().put("name", c.name()).put("role", c.role().name())
                    .put("latencyClass", c.latencyClass().label());
            if (c.packet().isPresent()) {
                ProbePacket p = c.packet().get();
                ObjectNode packet = k.putObject("packet").put("source", p.source().toString())
                        .put("destination", p.destination().toString()).put("sourcePort", p.sourcePort())
                        .put("destinationPort", p.destinationPort()).put("hopLimit", p.hopLimit());
                if (p.gtpu().isPresent()) {
                    ProbePacket.Gtpu g = p.gtpu().get();
                    packet.putObject("gtpu").put("peerAddress", g.peerAddress().toString())
                            .put("n3Address", g.n3Address().toString()).put("teid", g.teid())
                            .put("sourcePort", g.sourcePort());
                } else {
                    packet.putNull("gtpu");
                }
            } else {
                k.putNull("packet");
            }
            k.put("tree", c.tree().orElse(null));
            k.put("policy", c.policy().orElse(null));
            k.put("tunnel", c.tunnel().orElse(null));
            k.put("session", c.session().orElse(null));
        }
        json.put("packetsPerClass", e.packetsPerClass());
        if (e.interval().isPresent()) {
            json.put("intervalMicros", e.interval().get().toNanos() / 1000.0);
        } else {
            json.putNull("intervalMicros");
        }
        e.loadsMbps().forEach(json.putArray("loadsMbps")::add);
        e.frameSizes().forEach(json.putArray("frameSizes")::add);
        json.put("repetitions", e.repetitions()).put("warmup", e.warmup()).put("blockSize", e.blockSize())
                .put("seed", e.seed());
        e.window().ifPresent(w -> json.putObject("window").put("from", w.from().toString())
                .put("to", w.to().toString()));
        e.thresholds().forEach(json.putArray("thresholds")::add);
        e.meanThresholds().forEach(json.putArray("meanThresholds")::add);
        json.put("meanOf", e.meanOf()).put("stages", e.stages());
        ArrayNode cells = json.putArray("cells");
        for (ExperimentCell cell : e.cells()) {
            ObjectNode c = cells.addObject().put("index", cell.index()).put("frameSize", cell.frameSize())
                    .put("intervalNanos", cell.intervalNanos());
            JsonNumbers.putNullable(c, "loadMbps", cell.loadMbps().orElse(null));
        }
        json.put("packetsInRun", e.traffic() == ExperimentTraffic.EXTERNAL ? 0 : e.packetsInRun());
        return json;
    }

    @Override
    public Experiment decode(ObjectNode json, CodecContext context) {
        JsonFields f = new JsonFields();
        String id = f.text(json, "id", "id", null);
        if (id == null) {
            f.problem("id", "required: 1-32 lower-case letters, digits and dashes");
            id = "";
        }
        Experiment.Builder b = Experiment.builder(id)
                .name(f.text(json, "name", "name", null))
                .description(f.text(json, "description", "description", null));
        String ingress = f.text(json, "ingress", "ingress", null);
        if (ingress != null) {
            try {
                b.ingress(ConnectPoint.deviceConnectPoint(ingress));
            } catch (RuntimeException e) {
                f.problem("ingress", "\"" + ingress + "\" is not a port such as device:beijing/1");
            }
        }
        b.traffic(enumValue(f, ExperimentTraffic.class, f.text(json, "traffic", "traffic", "PROBES"), "traffic",
                            ExperimentTraffic.PROBES));
        b.classes(f.array(json, "classes", "classes", i -> n -> decodeClass(f, n, "classes[" + i + "]")));
        b.packetsPerClass(f.intValue(json, "packetsPerClass", "packetsPerClass", 1000));
        Double micros = f.number(json, "intervalMicros", "intervalMicros");
        if (micros != null) {
            if (micros > 0 && micros <= 10e6) {
                b.interval(Duration.ofNanos(Math.round(micros * 1000)));
            } else {
                f.problem("intervalMicros", "must be above 0 and at most 10,000,000 µs, got " + micros);
            }
        }
        b.loadsMbps(f.numbers(json, "loadsMbps", "loadsMbps"));
        b.frameSizes(f.ints(json, "frameSizes", "frameSizes"));
        b.repetitions(f.intValue(json, "repetitions", "repetitions", 1));
        b.warmup(f.intValue(json, "warmup", "warmup", 0));
        b.blockSize(f.intValue(json, "blockSize", "blockSize", Experiment.DEFAULT_BLOCK_SIZE));
        b.seed(f.integer(json, "seed", "seed", 1));
        JsonNode window = json.get("window");
        if (window != null && !window.isNull()) {
            b.window(window(f, window));
        }
        b.thresholds(f.numbers(json, "thresholds", "thresholds"));
        b.meanThresholds(f.numbers(json, "meanThresholds", "meanThresholds"));
        b.meanOf(f.intValue(json, "meanOf", "meanOf", Experiment.DEFAULT_MEAN_OF));
        JsonNode stages = json.get("stages");
        if (stages != null && !stages.isNull()) {
            if (stages.isBoolean()) {
                b.stages(stages.asBoolean());
            } else {
                f.problem("stages", "must be true or false");
            }
        }
        f.check();
        return b.build();
    }

    private static TimeWindow window(JsonFields f, JsonNode window) {
        if (!window.isObject()) {
            f.problem("window", "must be an object {\"from\", \"to\"} of ISO-8601 instants");
            return null;
        }
        Instant from = instant(f, f.text(window, "from", "window.from", null), "window.from");
        Instant to = instant(f, f.text(window, "to", "window.to", null), "window.to");
        if (from == null || to == null) {
            return null;
        }
        if (!from.isBefore(to)) {
            f.problem("window", "from (" + from + ") must be before to (" + to + ")");
            return null;
        }
        return TimeWindow.of(from, to);
    }

    private static Instant instant(JsonFields f, String text, String path) {
        if (text == null) {
            f.problem(path, "required: an ISO-8601 instant such as 2026-11-24T10:00:00Z");
            return null;
        }
        try {
            return TimeWindow.instant(path, text);
        } catch (IllegalArgumentException e) {
            f.problem(path, e.getMessage());
            return null;
        }
    }

    private static ExperimentClass decodeClass(JsonFields f, JsonNode n, String at) {
        if (!n.isObject()) {
            f.problem(at, "must be an object");
            return null;
        }
        String name = f.text(n, "name", at + ".name", null);
        if (name == null) {
            f.problem(at + ".name", "required");
        }
        ExperimentClassRole role = enumValue(f, ExperimentClassRole.class, f.text(n, "role", at + ".role", "FEATURE"),
                                             at + ".role", ExperimentClassRole.FEATURE);
        String latency = f.text(n, "latencyClass", at + ".latencyClass", null);
        LatencyClass latencyClass = null;
        if (latency == null) {
            f.problem(at + ".latencyClass", "required: what the ingress device measures the packets as, e.g. ipv6");
        } else {
            try {
                latencyClass = LatencyClass.parse(latency);
            } catch (IllegalArgumentException e) {
                f.problem(at + ".latencyClass", e.getMessage());
            }
        }
        ProbePacket packet = null;
        JsonNode p = n.get("packet");
        if (p != null && !p.isNull()) {
            packet = decodePacket(f, p, at + ".packet");
        }
        String tree = f.text(n, "tree", at + ".tree", null);
        String policy = f.text(n, "policy", at + ".policy", null);
        String tunnel = f.text(n, "tunnel", at + ".tunnel", null);
        String session = f.text(n, "session", at + ".session", null);
        if (name == null || latencyClass == null) {
            return null;
        }
        return ExperimentClass.of(name, role, latencyClass, packet, tree, policy, tunnel).withSession(session);
    }

    private static ProbePacket decodePacket(JsonFields f, JsonNode p, String at) {
        if (!p.isObject()) {
            f.problem(at, "must be an object {\"source\", \"destination\", \"sourcePort\", \"destinationPort\"}");
            return null;
        }
        Ip6Address source = address(f, f.text(p, "source", at + ".source", null), at + ".source");
        Ip6Address destination = address(f, f.text(p, "destination", at + ".destination", null),
                                         at + ".destination");
        int sourcePort = f.intValue(p, "sourcePort", at + ".sourcePort", ProbePacket.DEFAULT_SOURCE_PORT);
        int destinationPort = f.intValue(p, "destinationPort", at + ".destinationPort",
                                         ProbePacket.DEFAULT_DESTINATION_PORT);
        int hopLimit = f.intValue(p, "hopLimit", at + ".hopLimit", ProbePacket.DEFAULT_HOP_LIMIT);
        if (source == null || destination == null) {
            return null;
        }
        ProbePacket packet = ProbePacket.of(source, destination, sourcePort, destinationPort, hopLimit);
        JsonNode gtpu = p.get("gtpu");
        return gtpu == null || gtpu.isNull() ? packet : decodeGtpu(f, gtpu, at, packet);
    }

    /** The G-PDU around an uplink GTP-U probe: {"peerAddress", "n3Address", "teid", "sourcePort"}. */
    private static ProbePacket decodeGtpu(JsonFields f, JsonNode g, String at, ProbePacket inner) {
        if (!g.isObject()) {
            f.problem(at + ".gtpu", "must be an object {\"peerAddress\", \"n3Address\", \"teid\", \"sourcePort\"}");
            return null;
        }
        Ip6Address peer = address(f, f.text(g, "peerAddress", at + ".gtpu.peerAddress", null),
                                  at + ".gtpu.peerAddress");
        Ip6Address n3 = address(f, f.text(g, "n3Address", at + ".gtpu.n3Address", null), at + ".gtpu.n3Address");
        JsonNode teidNode = g.get("teid");
        if (teidNode == null || teidNode.isNull()) {
            f.problem(at + ".gtpu.teid", "required: the tunnel's uplink TEID, 1.." + ProbePacket.MAX_TEID);
        }
        long teid = f.integer(g, "teid", at + ".gtpu.teid", 0);
        int sourcePort = f.intValue(g, "sourcePort", at + ".gtpu.sourcePort", ProbePacket.GTPU_PORT);
        if (peer == null || n3 == null || teidNode == null || !teidNode.isIntegralNumber()
                || !teidNode.canConvertToLong()) {
            return null;
        }
        Map<String, String> problems = ProbePacket.gtpuProblems(peer, n3, teid, sourcePort, inner);
        problems.forEach((field, message) -> f.problem(at + "." + field, message));
        return problems.isEmpty() ? ProbePacket.gtpu(peer, n3, teid, sourcePort, inner) : null;
    }

    private static Ip6Address address(JsonFields f, String text, String path) {
        if (text == null) {
            f.problem(path, "required: an IPv6 address");
            return null;
        }
        try {
            return Ip6Address.valueOf(text);
        } catch (IllegalArgumentException e) {
            f.problem(path, "\"" + text + "\" is not an IPv6 address");
            return null;
        }
    }

    private static <E extends Enum<E>> E enumValue(JsonFields f, Class<E> type, String text, String path,
                                                   E otherwise) {
        try {
            return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            f.problem(path, "\"" + text + "\" is not one of " + Arrays.toString(type.getEnumConstants()));
            return otherwise;
        }
    }
}
