// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.impl.EntryText;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE;

/**
 * The exact entries a tunnel compiles to, with and without a QFI, in each checksum mode, each
 * checked against the pipeline models of the profiles with GTP-U: full and gtpu on bmv2, gtpu on
 * Tofino (its new table once its committed outputs are built from the current sources).
 */
public class GtpuTunnelCompilerTest {

    private static final GtpuTunnelCompiler COMPILER = new GtpuTunnelCompiler(TestApplicationId.create("test"));
    private static final PipelineModelChecker BMV2 = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PipelineModelChecker GTPU_BMV2 =
            new PipelineModelChecker(BundledPipeconfs.bmv2("gtpu"));

    private static List<String> entries(GtpuTunnel tunnel) {
        List<FlowRule> rules = List.copyOf(COMPILER.compile(tunnel).values());
        rules.forEach(rule -> assertEquals(rule.toString(), List.of(), BMV2.problems(rule)));
        rules.forEach(rule -> assertEquals(rule.toString(), List.of(), GTPU_BMV2.problems(rule)));
        return rules.stream().map(r -> r.deviceId() + " " + sortedParameters(EntryText.describe(r)))
                .collect(Collectors.toList());
    }

    /** The entry's text with the action's parameters by name (PiAction keeps them in no order). */
    private static String sortedParameters(String entry) {
        int open = entry.lastIndexOf('(');
        String params = entry.substring(open + 1, entry.length() - 1);
        return entry.substring(0, open + 1) + Stream.of(params.split(", ")).sorted().collect(Collectors.joining(", "))
                + ")";
    }

    private static String hairpin(String device, String prefix) {
        return "device:" + device + " SixflowIngress.gtpu_decap.gtpu_hairpin {ipv6_dst=" + prefix + "}"
                + " -> SixflowIngress.gtpu_decap.hairpin()";
    }

    private static String encap(String qfi, String hasQfi, int mode) {
        return "device:beijing SixflowIngress.gtpu_encap.gtpu_encap {ipv6_dst=0xfd000009000100000000000000000000/64}"
                + " -> SixflowIngress.gtpu_encap.encap(checksum_mode=0x" + mode + ", has_qfi=" + hasQfi
                + ", n3_addr=0xfd000001000100000000000000ff0001, peer_addr=0xfd000001000400000000000000000100,"
                + " qfi=" + qfi + ", teid=0x101, tunnel_id=0x7)";
    }

    private static String source(String prefix, int tunnelId) {
        return "device:beijing SixflowIngress.gtpu_decap.gtpu_ue_source {tunnel_id=0x" + Integer.toHexString(tunnelId)
                + ", ue_src=" + prefix
                + "} -> SixflowIngress.gtpu_decap.allow_source()";
    }

    @Test
    public void compilesEachModeWithAndWithoutQfi() {
        for (GtpuChecksumMode mode : GtpuChecksumMode.values()) {
            GtpuTunnel plain = GtpuTunnelManagerFixture.tunnel("ue-1", "fd00:9:1::/64", 1).checksumMode(mode)
                    .counterIndex(7).build();
            List<String> decap = List.of(
                    "device:beijing SixflowIngress.gtpu_decap_lookup.gtpu_n3 {n3_addr=0xfd000001000100000000000000ff0001}"
                            + " -> SixflowIngress.gtpu_decap_lookup.set_n3(allow_zero_checksum=0x0)",
                    "device:beijing SixflowIngress.gtpu_decap_lookup.gtpu_decap {n3_addr=0xfd000001000100000000000000ff0001,"
                            + " teid=0x1} -> SixflowIngress.gtpu_decap_lookup.decap(tunnel_id=0x7)");
            assertEquals(List.of(decap.get(0), decap.get(1), source("0xfd000009000100000000000000000000/64", 7),
                                 encap("0x0", "0x0", mode.code()), hairpin("beijing", "0xfd000009000100000000000000000000/64")),
                         entries(plain));
            GtpuTunnel withQfi = GtpuTunnelManagerFixture.tunnel("ue-1", "fd00:9:1::/64", 1).checksumMode(mode)
                    .qfi(9).counterIndex(7).build();
            assertEquals(encap("0x9", "0x1", mode.code()), entries(withQfi).get(3));
        }
    }

    @Test
    public void oneEncapEntryPerPrefixAndDeviceAndTheN3EntryCarriesAcceptZero() {
        GtpuTunnel tunnel = GtpuTunnelManagerFixture.tunnel("ue-1", "fd00:9:1::/64", 1)
                .uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64"),
                                    Ip6Prefix.valueOf("fd00:9:2::/64")))
                .encapDevices(List.of(DeviceId.deviceId("device:beijing"), DeviceId.deviceId("device:nanjing")))
                .acceptZeroChecksum(true).counterIndex(0).build();
        List<String> entries = entries(tunnel);
        assertEquals(12, entries.size());
        assertEquals(4, entries.stream().filter(e -> e.startsWith("device:nanjing")).count());
        // Each encap device sends a decapsulated packet to the tunnel's UE round again (UE to UE).
        for (String device : List.of("beijing", "nanjing")) {
            for (String prefix : List.of("0xfd000009000100000000000000000000/64", "0xfd000009000200000000000000000000/64")) {
                assertTrue(device + " " + prefix, entries.contains(hairpin(device, prefix)));
            }
        }
        // The uplink source check is the decap device's, one entry per prefix, keyed by the tunnel.
        assertEquals(List.of(source("0xfd000009000100000000000000000000/64", 0),
                             source("0xfd000009000200000000000000000000/64", 0)), entries.subList(2, 4));
        assertEquals(COMPILER.n3Rule(tunnel), COMPILER.compile(tunnel).get(tunnel.decapDevice()).get(0));
        assertEquals(true, entries.get(0).endsWith("set_n3(allow_zero_checksum=0x1)"));
    }

    @Test
    public void aTunnelWithEveryPrefixItMayHaveTakesThatManySourceEntries() {
        List<Ip6Prefix> prefixes = new ArrayList<>();
        prefixes.add(Ip6Prefix.valueOf("fd00:8::5/128"));
        for (int i = 1; i < GtpuTunnel.MAX_UE_PREFIXES; i++) {
            prefixes.add(Ip6Prefix.valueOf("fd00:9:" + Integer.toHexString(i) + "::/64"));
        }
        GtpuTunnel tunnel = GtpuTunnelManagerFixture.tunnel("ue-1", "fd00:9:1::/64", 1).uePrefixes(prefixes)
                .counterIndex(1023).build();
        List<String> entries = entries(tunnel);
        assertEquals(GtpuTunnel.MAX_UE_PREFIXES, entries.stream().filter(e -> e.contains("gtpu_ue_source")).count());
        assertEquals(true, entries.contains(source("0xfd000008000000000000000000000005/128", 1023)));
    }

    @Test
    public void entriesFitTheGtpuTofinoPipeline() {
        // bf-p4c is not run on every branch: while the committed gtpu/tofino outputs are older than
        // the sources, their P4Info lacks the tables added since (gtpu_ue_source); every other
        // entry is checked against it all the same, and all of them once it is rebuilt.
        boolean current = BundledPipeconfs.tofinoCurrent("gtpu");
        PiPipelineModel model = BundledPipeconfs.tofino("gtpu").pipelineModel();
        PipelineModelChecker tofino = new PipelineModelChecker(BundledPipeconfs.tofino("gtpu"));
        GtpuTunnel tunnel = GtpuTunnelManagerFixture.tunnel("ue-1", "fd00:9:1::/64", 1).qfi(3)
                .checksumMode(GtpuChecksumMode.INCREMENTAL).counterIndex(5).build();
        int checked = 0;
        int skipped = 0;
        for (FlowRule rule : COMPILER.compile(tunnel).values()) {
            if (!current && model.table((PiTableId) rule.table()).isEmpty()) {
                assertEquals(SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE, rule.table());
                skipped++;
                continue;
            }
            assertEquals(rule.toString(), List.of(), tofino.problems(rule));
            checked++;
        }
        // Stale for another change, the outputs may have the table all the same: then it is checked.
        assertEquals(5, checked + skipped);
        assertTrue("a current output has every table", !current || skipped == 0);
    }
}
