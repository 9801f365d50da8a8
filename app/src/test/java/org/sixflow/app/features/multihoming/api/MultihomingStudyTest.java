// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.testing.Thrown;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.StudyBodies.json;

/**
 * A study's plan: protocol, then sharing level (ILNP only), then frame size in the study's order,
 * its UDP rates then TCP, repetitions innermost; no TCP trial where the frame leaves no MSS.
 */
public class MultihomingStudyTest {

    private static final Ip6Address CN = Ip6Address.valueOf("fd00:5:c::10");

    static IlnpSite site() {
        MacAddress mac = MacAddress.valueOf("00:aa:00:00:05:01");
        return IlnpSite.of("s-ilnp", DeviceId.deviceId("device:sbr"), Ip6Prefix.valueOf("fd00:5:1::/64"), List.of(
                IlnpUplink.of(PortNumber.portNumber(2), Ip6Prefix.valueOf("2001:db8:a01:1::/64"), mac, mac, 100),
                IlnpUplink.of(PortNumber.portNumber(3), Ip6Prefix.valueOf("2001:db8:b01:1::/64"), mac, mac, 0)));
    }

    private static String line(PlannedTrial t) {
        return t.index() + " " + t.protocol() + " " + t.sharingLabel().orElse("-") + " " + t.frameSize() + " "
                + t.transport() + " " + t.loadMbps().map(String::valueOf).orElse("-") + " #" + t.repetition();
    }

    @Test
    public void thePlanRunsProtocolSharingFrameSizeUdpRatesThenTcpAndRepetitionsInnermost() {
        MultihomingStudy study = MultihomingStudy.builder("s").hosts("h_site", "h_cn")
                .protocols(List.of(StudyProtocol.ipv6(CN), StudyProtocol.ilnp(CN, site())))
                .frameSizes(List.of(1514, 128)).loads(1514, List.of(10.0, 100.0)).loads(128, List.of(1.0))
                .sharing(List.of(List.of(100, 0), List.of(80, 20))).tcp(true).repetitions(2).build();
        List<String> plan = study.plan().stream().map(MultihomingStudyTest::line).collect(Collectors.toList());
        assertEquals(List.of(
                "0 IPV6 - 1514 UDP 10.0 #1", "1 IPV6 - 1514 UDP 10.0 #2",
                "2 IPV6 - 1514 UDP 100.0 #1", "3 IPV6 - 1514 UDP 100.0 #2",
                "4 IPV6 - 1514 TCP - #1", "5 IPV6 - 1514 TCP - #2",
                "6 IPV6 - 128 UDP 1.0 #1", "7 IPV6 - 128 UDP 1.0 #2",
                "8 ILNP 100/0 1514 UDP 10.0 #1", "9 ILNP 100/0 1514 UDP 10.0 #2",
                "10 ILNP 100/0 1514 UDP 100.0 #1", "11 ILNP 100/0 1514 UDP 100.0 #2",
                "12 ILNP 100/0 1514 TCP - #1", "13 ILNP 100/0 1514 TCP - #2",
                "14 ILNP 100/0 128 UDP 1.0 #1", "15 ILNP 100/0 128 UDP 1.0 #2",
                "16 ILNP 80/20 1514 UDP 10.0 #1", "17 ILNP 80/20 1514 UDP 10.0 #2",
                "18 ILNP 80/20 1514 UDP 100.0 #1", "19 ILNP 80/20 1514 UDP 100.0 #2",
                "20 ILNP 80/20 1514 TCP - #1", "21 ILNP 80/20 1514 TCP - #2",
                "22 ILNP 80/20 128 UDP 1.0 #1", "23 ILNP 80/20 128 UDP 1.0 #2"), plan);
        assertEquals(List.of(), study.plan().get(0).sharing());
        assertEquals(List.of(80, 20), study.plan().get(23).sharing());
    }

    @Test
    public void theContractsThesisGridPlans165Trials() {
        MultihomingStudy thesis = MultihomingStudyJson.read(json(StudyBodies.THESIS));
        List<PlannedTrial> plan = thesis.plan();
        // Per protocol and sharing level: (5 + 5 rates) x 3 UDP + 3 TCP at 1514 (none at 128) = 33;
        // IPv6 and NPTv6 once, ILNP at its three levels.
        assertEquals(33 + 33 + 3 * 33, plan.size());
        assertEquals(IntStream.range(0, plan.size()).boxed().collect(Collectors.toList()),
                     plan.stream().map(PlannedTrial::index).collect(Collectors.toList()));
        assertTrue("no TCP trial at 128-octet frames (their MSS is below Linux's 88)",
                   plan.stream().noneMatch(t -> t.transport() == StudyTransport.TCP && t.frameSize() == 128));
        assertEquals(15, plan.stream().filter(t -> t.transport() == StudyTransport.TCP).count());
        assertEquals(99, plan.stream().filter(t -> t.protocol() == MultihomingProtocol.ILNP).count());
    }

    @Test
    public void aFrameThatTakesAnMssGetsItsTcpTrialPerProtocol() {
        // 170 octets leave IPv6 an MSS of 96 but ILNP, with its Nonce option, one of 88: both take TCP;
        // 165 leaves ILNP 83 (none) and IPv6 91.
        MultihomingStudy study = MultihomingStudy.builder("s").hosts("h_site", "h_cn")
                .protocols(List.of(StudyProtocol.ipv6(CN), StudyProtocol.ilnp(CN, site())))
                .frameSizes(List.of(165, 170)).loads(165, List.of()).loads(170, List.of())
                .sharing(List.of(List.of(50, 50))).tcp(true).build();
        assertEquals(List.of("0 IPV6 - 165 TCP - #1", "1 IPV6 - 170 TCP - #1", "2 ILNP 50/50 170 TCP - #1"),
                     study.plan().stream().map(MultihomingStudyTest::line).collect(Collectors.toList()));
    }

    @Test
    public void aStudyThatPlansNothingOrTooMuchIsRefused() {
        IllegalArgumentException none = Thrown.by(IllegalArgumentException.class, () -> MultihomingStudy
                .builder("s").hosts("h_site", "h_cn").protocols(List.of(StudyProtocol.ipv6(CN)))
                .frameSizes(List.of(128)).loads(128, List.of()).tcp(true).build());
        assertEquals("the study plans no trial", none.getMessage());
        List<Double> ten = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0);
        MultihomingStudy.Builder big = MultihomingStudy.builder("s").hosts("h_site", "h_cn")
                .protocols(List.of(StudyProtocol.ipv6(CN))).repetitions(30);
        List<Integer> sizes = IntStream.range(0, 10).mapToObj(i -> 1000 + i).collect(Collectors.toList());
        sizes.forEach(size -> big.loads(size, ten));
        IllegalArgumentException many = Thrown.by(IllegalArgumentException.class,
                                                  () -> big.frameSizes(sizes).build());
        assertEquals("the study plans 3000 trials; at most 2000", many.getMessage());
    }
}
