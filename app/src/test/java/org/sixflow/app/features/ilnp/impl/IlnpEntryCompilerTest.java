// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.impl.EntryText;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The exact entries a site compiles to, every one held to the nptv6 profile's P4Info (table,
 * keys, action, parameters and their widths: IlnpPipeline's names are written by hand), and the
 * counters' names too. The site is test_ilnp.py's: internal locator fd00:5:1:1, uplinks 2 and 3
 * with provider locators 2001:db8:a:1 and 2001:db8:b:1.
 */
public class IlnpEntryCompilerTest {

    private static final IlnpEntryCompiler COMPILER = new IlnpEntryCompiler(TestApplicationId.create("test"));
    private static final PipelineModelChecker NPTV6_BMV2 = new PipelineModelChecker(BundledPipeconfs.bmv2("nptv6"));

    static IlnpSite site(int weight2, int weight3) {
        return IlnpSite.of("site-a", DeviceId.deviceId("device:sbr"), IlnpSite.locator("fd00:5:1:1::/64"), List.of(
                IlnpUplink.of(PortNumber.portNumber(2), IlnpSite.locator("2001:db8:a:1::/64"),
                              MacAddress.valueOf("00:aa:00:00:02:01"), MacAddress.valueOf("00:bb:00:00:00:02"),
                              weight2),
                IlnpUplink.of(PortNumber.portNumber(3), IlnpSite.locator("2001:db8:b:1::/64"),
                              MacAddress.valueOf("00:aa:00:00:03:01"), MacAddress.valueOf("00:bb:00:00:00:03"),
                              weight3)));
    }

    /** The entry's text with the action's parameters by name (PiAction keeps them in no order). */
    private static String sortedParameters(String entry) {
        int open = entry.lastIndexOf('(');
        String params = entry.substring(open + 1, entry.length() - 1);
        return entry.substring(0, open + 1) + Stream.of(params.split(", ")).sorted().collect(Collectors.joining(", "))
                + ")";
    }

    static List<String> entries(List<FlowRule> rules) {
        rules.forEach(rule -> assertEquals(rule.toString(), List.of(), NPTV6_BMV2.problems(rule)));
        return rules.stream().map(r -> r.priority() + " " + sortedParameters(EntryText.describe(r)))
                .collect(Collectors.toList());
    }

    @Test
    public void compilesTheSiteOfThePacketTests() {
        assertEquals(List.of(
                "10 SixflowIngress.ilnp_inbound.ilnp_inbound {dst_locator=0x20010db8000a0001}"
                        + " -> SixflowIngress.ilnp_inbound.to_internal(locator=0xfd00000500010001, uplink=0x2)",
                "10 SixflowIngress.ilnp_outbound.ilnp_site {eg_port=0x2, src_locator=0xfd00000500010001}"
                        + " -> SixflowIngress.ilnp_outbound.set_site(site=0x2)",
                "10 SixflowIngress.ilnp_inbound.ilnp_inbound {dst_locator=0x20010db8000b0001}"
                        + " -> SixflowIngress.ilnp_inbound.to_internal(locator=0xfd00000500010001, uplink=0x3)",
                "10 SixflowIngress.ilnp_outbound.ilnp_site {eg_port=0x3, src_locator=0xfd00000500010001}"
                        + " -> SixflowIngress.ilnp_outbound.set_site(site=0x2)",
                "10 SixflowIngress.ilnp_outbound.ilnp_uplink {site=0x2, bucket=0x0--0x7fff}"
                        + " -> SixflowIngress.ilnp_outbound.use_uplink(dmac=0xbb00000002, locator=0x20010db8000a0001,"
                        + " port=0x2, smac=0xaa00000201, uplink=0x2)",
                "11 SixflowIngress.ilnp_outbound.ilnp_uplink {site=0x2, bucket=0x8000--0xffff}"
                        + " -> SixflowIngress.ilnp_outbound.use_uplink(dmac=0xbb00000003, locator=0x20010db8000b0001,"
                        + " port=0x3, smac=0xaa00000301, uplink=0x3)"),
                     entries(COMPILER.compile(site(50, 50))));
    }

    @Test
    public void aWholeRangeIsWrittenWithoutItsKeyAndAZeroWeightHasNone() {
        List<String> ranges = entries(COMPILER.ranges(site(100, 0)));
        assertEquals(List.of("10 SixflowIngress.ilnp_outbound.ilnp_uplink {site=0x2}"
                                     + " -> SixflowIngress.ilnp_outbound.use_uplink(dmac=0xbb00000002,"
                                     + " locator=0x20010db8000a0001, port=0x2, smac=0xaa00000201, uplink=0x2)"),
                     ranges);
        assertEquals(5, COMPILER.compile(site(0, 100)).size());
    }

    @Test
    public void eachRevisionsRangesSitOneBandHigherAndOnlyTheyChange() {
        IlnpSite first = site(50, 50);
        IlnpSite second = first.withWeights(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20));
        List<FlowRule> before = COMPILER.compile(first);
        List<FlowRule> after = COMPILER.compile(second);
        // The inbound and site entries are the same rules: they stay while the ranges are replaced.
        assertEquals(before.subList(0, 4), after.subList(0, 4));
        assertEquals(List.of(26, 27), after.subList(4, 6).stream().map(FlowRule::priority).collect(Collectors.toList()));
        assertTrue(entries(after).get(4).contains("bucket=0x0--0xcccb"));    // 52427
        assertTrue(entries(after).get(5).contains("bucket=0xcccc--0xffff"));   // 52428
        // After BANDS revisions the band wraps to the first.
        IlnpSite wrapped = second;
        for (int i = 1; i < IlnpEntryCompiler.BANDS; i++) {
            wrapped = wrapped.withWeights(wrapped.weights());
        }
        assertEquals(IlnpEntryCompiler.BANDS, wrapped.revision());
        assertEquals(IlnpEntryCompiler.PRIORITY, COMPILER.ranges(wrapped).get(0).priority());
        // The highest priority a range gets fits ONOS's 16-bit priority.
        assertTrue(IlnpEntryCompiler.PRIORITY + IlnpEntryCompiler.BANDS * IlnpEntryCompiler.BAND - 1 <= 65535);
    }

    @Test
    public void theCountersAreInTheNptv6ProfilesP4Info() {
        PiPipelineModel model = BundledPipeconfs.bmv2("nptv6").pipelineModel();
        for (var counter : List.of(IlnpPipeline.UPLINK_IN, IlnpPipeline.UPLINK_OUT)) {
            assertTrue(counter + " missing", model.counter(counter).isPresent());
            assertEquals(256, model.counter(counter).get().size());
        }
        // And the full profile, which has no ILNP, has none of the tables.
        PiPipelineModel full = BundledPipeconfs.bmv2().pipelineModel();
        assertTrue(full.table(IlnpPipeline.UPLINK).isEmpty());
    }
}
