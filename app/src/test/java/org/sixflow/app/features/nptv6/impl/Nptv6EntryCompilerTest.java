// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.impl.EntryText;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The exact entries a mapping compiles to, every one of them held to the nptv6 profile's P4Info
 * (table, keys, action, parameters and their widths: Nptv6Pipeline's names are written by hand).
 */
public class Nptv6EntryCompilerTest {

    private static final Nptv6EntryCompiler COMPILER = new Nptv6EntryCompiler(TestApplicationId.create("test"));
    private static final PipelineModelChecker NPTV6_BMV2 = new PipelineModelChecker(BundledPipeconfs.bmv2("nptv6"));

    /** The entry's text with the action's parameters by name (PiAction keeps them in no order). */
    private static String sortedParameters(String entry) {
        int open = entry.lastIndexOf('(');
        String params = entry.substring(open + 1, entry.length() - 1);
        return entry.substring(0, open + 1) + Stream.of(params.split(", ")).sorted().collect(Collectors.joining(", "))
                + ")";
    }

    static List<String> entries(Nptv6Mapping mapping) {
        List<FlowRule> rules = COMPILER.compile(mapping);
        rules.forEach(rule -> assertEquals(rule.toString(), List.of(), NPTV6_BMV2.problems(rule)));
        return rules.stream().map(r -> r.deviceId() + " " + sortedParameters(EntryText.describe(r)))
                .collect(Collectors.toList());
    }

    @Test
    public void compilesTheWorkedExample() {
        Nptv6Mapping mapping = Nptv6Mapping.of(Ip6Prefix.valueOf("fd01:203:405::/48"),
                                               Ip6Prefix.valueOf("2001:db8:1::/48"),
                                               ConnectPoint.deviceConnectPoint("device:sbr/2"));
        // flip = fd01:0203:0405 ^ 2001:0db8:0001; adjustments 0x2ab0 in, 0xd54f out.
        assertEquals(List.of(
                "device:sbr SixflowIngress.nptv6_inbound.nptv6_inbound {ipv6_dst=0x20010db8000100000000000000000000/48}"
                        + " -> SixflowIngress.nptv6_inbound.translate(adjustment=0x2ab0, flip=0xdd000fbb0404)",
                "device:sbr SixflowIngress.nptv6_inbound.nptv6_inbound_icmp"
                        + " {inner_ipv6_src=0x20010db8000100000000000000000000/48}"
                        + " -> SixflowIngress.nptv6_inbound.translate_inner(adjustment=0x2ab0, flip=0xdd000fbb0404)",
                "device:sbr SixflowIngress.nptv6_outbound.nptv6_outbound"
                        + " {eg_port=0x2, ipv6_src=0xfd010203040500000000000000000000/48}"
                        + " -> SixflowIngress.nptv6_outbound.translate(adjustment=0xd54f, flip=0xdd000fbb0404)",
                "device:sbr SixflowIngress.nptv6_outbound.nptv6_outbound_icmp"
                        + " {eg_port=0x2, inner_ipv6_dst=0xfd010203040500000000000000000000/48}"
                        + " -> SixflowIngress.nptv6_outbound.translate_inner(adjustment=0xd54f, flip=0xdd000fbb0404)"),
                     entries(mapping));
    }

    @Test
    public void aPortTheDataPlaneCannotNameIsRefused() {
        try {
            COMPILER.compile(Nptv6Mapping.of(Ip6Prefix.valueOf("fd00:1::/48"), Ip6Prefix.valueOf("2001:db8::/48"),
                                             ConnectPoint.deviceConnectPoint("device:sbr/512")));
            fail("compiled port 512");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("does not fit the data plane's 9-bit port"));
        }
    }
}
