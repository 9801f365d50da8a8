// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbeBurst;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.Thrown;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The generator runs a real process per send: here a Python script standing in for the host's
 * sender, which copies the spec it was given aside and prints a summary made from it.
 */
public class CommandHostTrafficGeneratorTest {

    private static final ConnectPoint HOST = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final String SENDER = String.join("\n",
            "import json, shutil, sys",
            "if sys.argv[1] == 'fail':",
            "    print('no route to the host')",
            "    sys.exit(3)",
            "spec = sys.argv[sys.argv.index('--spec') + 1]",
            "shutil.copy(spec, sys.argv[1])",
            "bursts = json.load(open(spec))['bursts']",
            "print('sending...')",
            "print(json.dumps({'requestedIntervalNanos': bursts[0]['intervalNanos'],",
            "                  'sent': sum(b['count'] for b in bursts), 'meanErrorNanos': 1500.0,",
            "                  'p99ErrorNanos': 9000.0, 'maxErrorNanos': 12000.0, 'meanLatenessNanos': 300.0,",
            "                  'achievedPacketsPerSecond': 999.5}))");

    private final CommandHostTrafficGenerator generator = new CommandHostTrafficGenerator();
    private File script;
    private File copy;

    @Before
    public void setUp() throws Exception {
        generator.componentConfigService = new ComponentConfigAdapter();
        script = File.createTempFile("sender-", ".py");
        copy = File.createTempFile("spec-copy-", ".json");
        Files.writeString(script.toPath(), SENDER, StandardCharsets.UTF_8);
    }

    @After
    public void tearDown() {
        script.delete();
        copy.delete();
    }

    private void configure(String hostCommands) {
        generator.readProperties(ComponentContexts.of(OsgiPropertyConstants.HOST_COMMANDS, hostCommands));
    }

    private static List<ProbeBurst> bursts() {
        ProbePacket packet = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"), Ip6Address.valueOf("fd00:1:3::10"),
                                            40000, 5004, 64);
        return List.of(ProbeBurst.of(packet, null, 128, 1_000_000, 0, 1, 20, 7),
                       ProbeBurst.of(packet, MacAddress.valueOf("00:aa:00:00:00:01"), 256, 1_000_000, 32, 21, 30,
                                     0xfffffffeL));
    }

    @Test
    public void runsTheHostsCommandWithTheSpecAndReadsItsSummary() throws Exception {
        configure("device:beijing/3=python3 " + script + " " + copy);
        assertTrue(generator.serves(HOST));
        assertFalse(generator.serves(ConnectPoint.deviceConnectPoint("device:beijing/4")));

        PacingSummary summary = generator.send(HOST, bursts());

        assertEquals(50, summary.packets());
        assertEquals(1_000_000, summary.requestedIntervalNanos());
        assertEquals(999.5, summary.achievedPacketsPerSecond(), 0);
        JsonNode spec = new ObjectMapper().readTree(copy);
        assertEquals(2, spec.get("bursts").size());
        JsonNode second = spec.get("bursts").get(1);
        assertEquals("fd00:1:1::10", second.get("src").asText());
        assertEquals("fd00:1:3::10", second.get("dst").asText());
        assertEquals("00:AA:00:00:00:01", second.get("dstMac").asText().toUpperCase());
        assertEquals(32, second.get("trafficClass").asInt());
        assertEquals(21, second.get("firstFlowLabel").asInt());
        assertEquals(256, second.get("frameSize").asInt());
        assertEquals(0xfffffffeL, second.get("flowId").asLong());
        assertFalse(spec.get("bursts").get(0).has("dstMac"));
    }

    @Test
    public void aFailingSenderFailsTheSendWithItsOutput() {
        configure("device:beijing/3=python3 " + script + " fail");
        IllegalStateException e = Thrown.by(IllegalStateException.class, () -> generator.send(HOST, bursts()));
        assertEquals("the sender at device:beijing/3 exited with 3: no route to the host", e.getMessage());
    }

    @Test
    public void aSenderThatPrintsNoSummaryIsNamed() {
        configure("device:beijing/3=echo done");
        IllegalStateException e = Thrown.by(IllegalStateException.class, () -> generator.send(HOST, bursts()));
        assertTrue(e.getMessage(), e.getMessage().contains("is no pacing summary: 'done --spec"));
    }

    @Test
    public void aMissingProgramIsNamed() {
        configure("device:beijing/3=/nonexistent/sender");
        IllegalStateException e = Thrown.by(IllegalStateException.class, () -> generator.send(HOST, bursts()));
        assertTrue(e.getMessage(), e.getMessage().startsWith("cannot run the sender at device:beijing/3 "
                                                                     + "(/nonexistent/sender --spec "));
    }

    @Test
    public void aBadValueKeepsTheCommandsInForce() {
        configure("device:beijing/3=python3 " + script + " " + copy);
        configure("device:beijing/3");
        assertTrue(generator.serves(HOST));
        configure("");
        assertFalse(generator.serves(HOST));
        Thrown.by(IllegalStateException.class, () -> generator.send(HOST, bursts()));
    }
}
