// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.traffic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbeBurst;
import org.sixflow.lab.config.LabState;
import org.slf4j.Logger;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sends experiment probes from a lab host: writes the bursts to a file and runs
 * {@code lab/net/hosttools.py burst} in the host's network namespace, which paces them from the
 * start (no drift) and prints how well it kept the intervals. The lab runs as root, so it can
 * enter the namespaces.
 */
public final class LabHostTrafficGenerator implements HostTrafficGenerator {

    /** What a Python send loop in a namespace keeps (measured by make bench-experiments). */
    static final long MIN_INTERVAL_NANOS = 20_000;

    private final Logger log = getLogger(getClass());
    private final LabState state;
    private final Path hosttools;
    private final String python;
    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * Creates the generator.
     *
     * @param state     the lab's hosts
     * @param hosttools lab/net/hosttools.py
     * @param python    the interpreter in the namespaces (hosttools needs only the standard library)
     */
    public LabHostTrafficGenerator(LabState state, Path hosttools, String python) {
        this.state = state;
        this.hosttools = hosttools.toAbsolutePath();
        this.python = python;
    }

    private Optional<LabState.Host> hostAt(ConnectPoint port) {
        return state.hosts().stream()
                .filter(h -> ("device:" + h.switchName()).equals(port.deviceId().toString())
                        && h.port() == port.port().toLong())
                .findFirst();
    }

    @Override
    public boolean serves(ConnectPoint attachment) {
        return Files.isRegularFile(hosttools) && hostAt(attachment).isPresent();
    }

    @Override
    public long minIntervalNanos() {
        return MIN_INTERVAL_NANOS;
    }

    @Override
    public PacingSummary send(ConnectPoint attachment, List<ProbeBurst> bursts) throws InterruptedException {
        LabState.Host host = hostAt(attachment)
                .orElseThrow(() -> new IllegalStateException("no lab host is attached at " + attachment));
        File spec = null;
        File out = null;
        Process process = null;
        try {
            spec = File.createTempFile("sixflow-burst-", ".json");
            out = File.createTempFile("sixflow-burst-", ".out");
            Files.writeString(spec.toPath(), mapper.writeValueAsString(spec(host, bursts)), StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", host.netns(), python,
                                                            hosttools.toString(), "burst", "--spec",
                                                            spec.getAbsolutePath()));
            log.info("Sending {} bursts from {}", bursts.size(), host.name());
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
            // Interruptible (a cancelled run interrupts this thread; finally stops the sender).
            int status = process.waitFor();
            String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
            if (status != 0) {
                throw new IllegalStateException("hosttools burst on " + host.name() + " failed: " + output.trim());
            }
            String[] lines = output.trim().split("\n");
            JsonNode summary = mapper.readTree(lines[lines.length - 1]);
            return PacingSummary.of(summary.path("requestedIntervalNanos").asLong(), summary.path("sent").asLong(),
                                    summary.path("meanErrorNanos").asDouble(), summary.path("p99ErrorNanos").asDouble(),
                                    summary.path("maxErrorNanos").asDouble(),
                                    summary.path("meanLatenessNanos").asDouble(),
                                    summary.path("achievedPacketsPerSecond").asDouble());
        } catch (IOException e) {
            throw new IllegalStateException("cannot run hosttools burst on " + host.name() + ": " + e.getMessage(), e);
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
            for (File f : new File[]{spec, out}) {
                if (f != null && !f.delete()) {
                    log.debug("Could not delete {}", f);
                }
            }
        }
    }

    private ObjectNode spec(LabState.Host host, List<ProbeBurst> bursts) {
        ObjectNode spec = mapper.createObjectNode().put("iface", "eth0");
        ArrayNode array = spec.putArray("bursts");
        for (ProbeBurst b : bursts) {
            ObjectNode o = array.addObject().put("src", b.packet().source().toString())
                    .put("dst", b.packet().destination().toString()).put("sport", b.packet().sourcePort())
                    .put("dport", b.packet().destinationPort()).put("hopLimit", b.packet().hopLimit())
                    .put("trafficClass", b.trafficClass()).put("firstFlowLabel", b.firstFlowLabel())
                    .put("count", b.count()).put("frameSize", b.frameSize()).put("intervalNanos", b.intervalNanos())
                    .put("flowId", b.flowId() & 0xffffffffL);
            b.destinationMac().ifPresent(mac -> o.put("dstMac", mac.toString()));
        }
        return spec;
    }
}
