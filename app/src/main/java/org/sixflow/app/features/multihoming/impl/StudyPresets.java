// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.api.StudyFailover;
import org.sixflow.app.features.multihoming.api.StudyProtocol;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.util.List;

/**
 * Studies ready to add for the bmv2 lab's multihomed topology (lab/topologies/multihomed.json):
 * site h_site behind sbr, providers pa (uplink 2, delegating 2001:db8:a01::/48) and pb (uplink 3,
 * 2001:db8:b01::/48), correspondent h_cn behind cn. ILNP's identities are the lab endpoints'
 * (prefix fd49:4c4e::/64, h_site NID ::a, h_cn NID ::b).
 */
final class StudyPresets {

    private static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    private static final Ip6Address CORRESPONDENT = Ip6Address.valueOf("fd00:5:c::10");
    private static final Ip6Address CORRESPONDENT_IDENTITY = Ip6Address.valueOf("fd49:4c4e::b");
    private static final MacAddress SBR_MAC = MacAddress.valueOf("00:aa:00:00:05:01");
    /** Flows per trial: ILNP's border router shares per flow (one flow takes one uplink); eight show the weights. */
    private static final int STREAMS = 8;
    private static final List<List<Integer>> SHARING = List.of(List.of(100, 0), List.of(50, 50), List.of(80, 20));

    private StudyPresets() {
    }

    /** The thesis's grid, and a quick one of one rate per frame size (for a first look and the lab test). */
    static List<MultihomingStudy> all() {
        return List.of(thesis(), quick());
    }

    /**
     * The thesis's factors (Table 3.2): 128- and 1514-octet frames at five rates each on a 1-2-5
     * scale, load sharing 100/0, 50/50 and 80/20 for ILNP, three repetitions of 5 s, TCP beside,
     * and pa's uplink failing 2 s into a 15 s failover trial per protocol.
     */
    static MultihomingStudy thesis() {
        return base("thesis").name("ILNP thesis grid")
                .description("IPv6, NPTv6 and ILNP for a site with two providers, as the ILNP thesis measures "
                                     + "them: 128-octet frames at 1, 10, 20, 50 and 100 Mbit/s, 1514-octet frames at "
                                     + "10, 100, 200, 500 and 1000 Mbit/s, TCP beside; ILNP at 100/0, 50/50 and 80/20; "
                                     + "three repetitions of 5 s; pa's uplink failing 2 s into a 15 s trial per "
                                     + "protocol. Rates beyond the lab are marked.")
                .loads(128, List.of(1.0, 10.0, 20.0, 50.0, 100.0))
                .loads(1514, List.of(10.0, 100.0, 200.0, 500.0, 1000.0))
                .repetitions(3).trialSeconds(5).build();
    }

    /** One rate per frame size, one repetition of 3 s: every protocol and sharing level, quickly. */
    static MultihomingStudy quick() {
        return base("thesis-quick").name("ILNP thesis grid, quick")
                .description("The thesis grid's protocols and sharing levels at one rate per frame size (1 Mbit/s "
                                     + "of 128-octet frames, 10 Mbit/s of 1514), TCP beside, one repetition of 3 s, "
                                     + "and the failover trial")
                .loads(128, List.of(1.0)).loads(1514, List.of(10.0)).repetitions(1).trialSeconds(3).build();
    }

    private static MultihomingStudy.Builder base(String id) {
        ConnectPoint pa = new ConnectPoint(SBR, PortNumber.portNumber(2));
        ConnectPoint pb = new ConnectPoint(SBR, PortNumber.portNumber(3));
        Ip6Prefix internal = Ip6Prefix.valueOf("fd00:5:1::/48");
        List<NamedNptv6Mapping> mappings = List.of(
                NamedNptv6Mapping.of(MultihomingStudyJson.mappingId(id, 0),
                                     Nptv6Mapping.of(internal, Ip6Prefix.valueOf("2001:db8:a01::/48"), pa)),
                NamedNptv6Mapping.of(MultihomingStudyJson.mappingId(id, 1),
                                     Nptv6Mapping.of(internal, Ip6Prefix.valueOf("2001:db8:b01::/48"), pb)));
        IlnpSite site = IlnpSite.of(MultihomingStudyJson.siteName(id), SBR, Ip6Prefix.valueOf("fd00:5:1::/64"), List.of(
                IlnpUplink.of(pa.port(), Ip6Prefix.valueOf("2001:db8:a01:1::/64"), SBR_MAC,
                              MacAddress.valueOf("00:aa:00:00:05:0a"), 100),
                IlnpUplink.of(pb.port(), Ip6Prefix.valueOf("2001:db8:b01:1::/64"), SBR_MAC,
                              MacAddress.valueOf("00:aa:00:00:05:0b"), 0)));
        return MultihomingStudy.builder(id).hosts("h_site", "h_cn")
                .protocols(List.of(StudyProtocol.ipv6(CORRESPONDENT), StudyProtocol.nptv6(CORRESPONDENT, mappings),
                                   StudyProtocol.ilnp(CORRESPONDENT_IDENTITY, site)))
                .frameSizes(List.of(128, 1514)).sharing(SHARING).tcp(true).streams(STREAMS)
                .failover(StudyFailover.of(pa, 2, 15));
    }
}
