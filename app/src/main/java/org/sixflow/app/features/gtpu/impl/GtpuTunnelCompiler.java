// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.ListMultimap;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;

import static com.google.common.base.Preconditions.checkArgument;
import static org.sixflow.app.impl.PiParams.param;
import static org.sixflow.pipeconf.P4InfoConstants.ALLOW_ZERO_CHECKSUM;
import static org.sixflow.pipeconf.P4InfoConstants.ALLOW_ZERO_CHECKSUM_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.CHECKSUM_MODE;
import static org.sixflow.pipeconf.P4InfoConstants.CHECKSUM_MODE_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HAS_QFI;
import static org.sixflow.pipeconf.P4InfoConstants.HAS_QFI_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_N3_ADDR;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_TEID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_TUNNEL_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_UE_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.N3_ADDR;
import static org.sixflow.pipeconf.P4InfoConstants.N3_ADDR_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.PEER_ADDR;
import static org.sixflow.pipeconf.P4InfoConstants.PEER_ADDR_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.QFI;
import static org.sixflow.pipeconf.P4InfoConstants.QFI_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_ALLOW_SOURCE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_HAIRPIN;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_HAIRPIN;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_DECAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_SET_N3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.TEID;
import static org.sixflow.pipeconf.P4InfoConstants.TEID_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.TUNNEL_ID;
import static org.sixflow.pipeconf.P4InfoConstants.TUNNEL_ID_BITWIDTH;

/**
 * Turns a stored tunnel into entries of pipeconf/p4src/common/control/gtpu.p4: on the decap
 * device its N3 address (gtpu_n3, whose entry is the same for every tunnel of the address and so
 * one flow rule they share), its uplink TEID (gtpu_decap) and one gtpu_ue_source entry per UE
 * prefix (the inner sources its G-PDUs may have: any other is dropped); on each encap device one
 * gtpu_encap entry per UE prefix, and one gtpu_hairpin entry per UE prefix, so that a G-PDU that
 * device decapsulates (from any tunnel) whose inner packet is to this tunnel's UE goes round the
 * pipeline once more and down this tunnel (UE to UE through one router). The counter index is
 * the tunnel_id of both directions and the key of the source check. A tunnel has at most
 * {@link GtpuTunnel#MAX_UE_PREFIXES} prefixes, so at most that many entries per table and device.
 */
public final class GtpuTunnelCompiler {

    /**
     * ONOS wants a priority on every rule; the PI translation drops it for these exact and LPM
     * tables (P4Runtime takes none there).
     */
    static final int PRIORITY = 10;

    private final ApplicationId appId;

    /**
     * Creates the compiler.
     *
     * @param appId the app the entries belong to
     */
    public GtpuTunnelCompiler(ApplicationId appId) {
        this.appId = appId;
    }

    /**
     * Compiles a tunnel.
     *
     * @param tunnel a stored tunnel (with its counter index)
     * @return entries per device: the decap device's first, then each encap device's
     * @throws IllegalArgumentException if the tunnel has no counter index
     */
    public ListMultimap<DeviceId, FlowRule> compile(GtpuTunnel tunnel) {
        checkArgument(tunnel.counterIndex().isPresent(), "tunnel %s has no counter index yet", tunnel.id());
        int index = tunnel.counterIndex().getAsInt();
        ListMultimap<DeviceId, FlowRule> rules = ArrayListMultimap.create();
        rules.put(tunnel.decapDevice(), n3Rule(tunnel));
        byte[] n3 = tunnel.n3Address().toOctets();
        PiCriterion uplink = PiCriterion.builder().matchExact(HDR_N3_ADDR, n3)
                .matchExact(HDR_TEID, (int) tunnel.uplinkTeid())     // 32 bits, as the key
                .build();
        PiAction decap = PiAction.builder().withId(SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_DECAP)
                .withParameter(param(TUNNEL_ID, index, TUNNEL_ID_BITWIDTH)).build();
        rules.put(tunnel.decapDevice(),
                  rule(tunnel.decapDevice(), SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP, uplink, decap));
        PiAction allowSource = PiAction.builder().withId(SIXFLOW_INGRESS_GTPU_DECAP_ALLOW_SOURCE).build();
        for (Ip6Prefix prefix : tunnel.uePrefixes()) {
            PiCriterion source = PiCriterion.builder().matchExact(HDR_TUNNEL_ID, index)
                    .matchLpm(HDR_UE_SRC, prefix.address().toOctets(), prefix.prefixLength()).build();
            rules.put(tunnel.decapDevice(),
                      rule(tunnel.decapDevice(), SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE, source, allowSource));
        }
        PiAction encap = PiAction.builder().withId(SIXFLOW_INGRESS_GTPU_ENCAP_ENCAP)
                .withParameter(param(TUNNEL_ID, index, TUNNEL_ID_BITWIDTH))
                .withParameter(param(N3_ADDR, n3, N3_ADDR_BITWIDTH))
                .withParameter(param(PEER_ADDR, tunnel.peerAddress().toOctets(), PEER_ADDR_BITWIDTH))
                .withParameter(param(TEID, tunnel.downlinkTeid(), TEID_BITWIDTH))
                .withParameter(param(QFI, tunnel.qfi().orElse(0), QFI_BITWIDTH))
                .withParameter(param(HAS_QFI, tunnel.qfi().isPresent() ? 1 : 0, HAS_QFI_BITWIDTH))
                .withParameter(param(CHECKSUM_MODE, tunnel.checksumMode().code(), CHECKSUM_MODE_BITWIDTH))
                .build();
        PiAction hairpin = PiAction.builder().withId(SIXFLOW_INGRESS_GTPU_DECAP_HAIRPIN).build();
        for (DeviceId device : tunnel.encapDevices()) {
            for (Ip6Prefix prefix : tunnel.uePrefixes()) {
                PiCriterion downlink = PiCriterion.builder()
                        .matchLpm(HDR_IPV6_DST, prefix.address().toOctets(), prefix.prefixLength()).build();
                rules.put(device, rule(device, SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP, downlink, encap));
                rules.put(device, rule(device, SIXFLOW_INGRESS_GTPU_DECAP_GTPU_HAIRPIN, downlink, hairpin));
            }
        }
        return rules;
    }

    /**
     * The N3 address's entry on the decap device: alike for every tunnel of the address (they
     * agree on acceptZeroChecksum), so it is one flow rule, kept while any of them is stored.
     *
     * @param tunnel a tunnel
     * @return its gtpu_n3 entry
     */
    public FlowRule n3Rule(GtpuTunnel tunnel) {
        PiCriterion match = PiCriterion.builder().matchExact(HDR_N3_ADDR, tunnel.n3Address().toOctets()).build();
        PiAction setN3 = PiAction.builder().withId(SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_SET_N3)
                .withParameter(param(ALLOW_ZERO_CHECKSUM, tunnel.acceptZeroChecksum() ? 1 : 0,
                                     ALLOW_ZERO_CHECKSUM_BITWIDTH))
                .build();
        return rule(tunnel.decapDevice(), SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3, match, setN3);
    }

    private FlowRule rule(DeviceId device, PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(device).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(PRIORITY).fromApp(appId).makePermanent().build();
    }
}
