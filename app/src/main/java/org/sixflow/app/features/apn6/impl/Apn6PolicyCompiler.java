// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.ListMultimap;
import org.onlab.packet.Ip6Prefix;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.sixflow.pipeconf.P4InfoConstants.APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.FLOW_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_SPORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SLA_LEVEL;
import static org.sixflow.pipeconf.P4InfoConstants.PRIORITY;
import static org.sixflow.pipeconf.P4InfoConstants.PRIORITY_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_SET_PRIORITY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_STRIP_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SLA_LEVEL;
import static org.sixflow.pipeconf.P4InfoConstants.USER_ID;

/**
 * Turns a policy into per-device entries of pipeconf/p4src/common/control/apn6.p4: the
 * classifier at ingress edges (port ranges map onto the table's native range keys, one entry
 * per policy per device or ingress port, two for a policy that matches every packet), SLA
 * priority everywhere, stripping on egress edges' host ports. Wildcard dimensions are keys left
 * out of the entry, as P4Runtime wants don't-care keys.
 */
public final class Apn6PolicyCompiler {

    private static final byte[] ALL_ONES_32 = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    private static final byte[] ALL_ONES_9 = {0x01, (byte) 0xff};
    private static final byte[] IP_PROTO_TOP_BIT = {(byte) 0x80};

    private final ApplicationId appId;

    public Apn6PolicyCompiler(ApplicationId appId) {
        this.appId = appId;
    }

    /**
     * Compiles a policy.
     *
     * @param policy      the policy
     * @param edges       every ingress/egress edge device with its host-facing ports
     * @param allDevices  every Sixflow device (transit SLA handling goes everywhere)
     * @return entries per device
     */
    public ListMultimap<DeviceId, FlowRule> compile(Apn6Policy policy, Map<DeviceId, Set<ConnectPoint>> edges,
                                                    Collection<DeviceId> allDevices) {
        ListMultimap<DeviceId, FlowRule> rules = ArrayListMultimap.create();
        Apn6Match match = policy.match();
        PiAction insert = PiAction.builder().withId(SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6)
                .withParameter(new PiActionParam(SLA_LEVEL, policy.option().slaLevel()))
                .withParameter(new PiActionParam(APP_ID, policy.option().appId()))
                .withParameter(new PiActionParam(USER_ID, policy.option().userId()))
                .withParameter(new PiActionParam(FLOW_ID, policy.option().flowId()))
                .build();
        for (DeviceId device : edges.keySet()) {
            if (match.ingressPorts().isEmpty()) {
                for (PiCriterion classifier : classifier(match, null)) {
                    rules.put(device, rule(device, SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, classifier, insert,
                                           policy.priority()));
                }
            } else {
                for (ConnectPoint port : match.ingressPorts()) {
                    if (port.deviceId().equals(device)) {
                        for (PiCriterion classifier : classifier(match, port)) {
                            rules.put(device, rule(device, SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, classifier,
                                                   insert, policy.priority()));
                        }
                    }
                }
            }
        }
        policy.slaPriority().ifPresent(priority -> {
            PiAction setPriority = PiAction.builder().withId(SIXFLOW_INGRESS_APN6_POST_ROUTING_SET_PRIORITY)
                    .withParameter(param(priority)).build();
            for (DeviceId device : allDevices) {
                rules.put(device, rule(device, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA, slaMatch(policy, null),
                                       setPriority, policy.priority()));
            }
        });
        if (policy.stripAtEgress()) {
            PiAction strip = PiAction.builder().withId(SIXFLOW_INGRESS_APN6_POST_ROUTING_STRIP_APN6).build();
            edges.forEach((device, hostPorts) -> hostPorts.forEach(port -> rules.put(
                    device, rule(device, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP, slaMatch(policy, port), strip,
                                 policy.priority()))));
        }
        return rules;
    }

    /**
     * Returns the classifier matches of a policy at one ingress (or any, when null): one, or two
     * when the policy matches every packet.
     *
     * <p>A match-all cannot be one entry. ONOS 2.7 writes a flow rule without match fields as the
     * table's default entry (PiFlowRuleTranslatorImpl makes its key PiMatchKey.EMPTY, which
     * PiTableEntry and the P4Runtime codec treat as is_default_action), and apn6_classifier's
     * default action is constant. Writing a key as a don't-care instead (ternary mask 0, the full
     * port range, an LPM /0) goes against P4Runtime, which wants such keys left out, and PI's
     * server (bmv2, Stratum) refuses it with INVALID_ARGUMENT. So a match-all becomes two real
     * entries at the policy's priority that split ip_proto's top bit: every packet matches exactly
     * one of them, and neither is a don't-care.
     */
    private static List<PiCriterion> classifier(Apn6Match match, ConnectPoint ingress) {
        PiCriterion.Builder b = PiCriterion.builder();
        prefix(b, HDR_IPV6_SRC, match.source());
        prefix(b, HDR_IPV6_DST, match.destination());
        match.nextHeader().ifPresent(nh -> b.matchTernary(HDR_IP_PROTO, nh, 0xff));
        if (!match.sourcePorts().equals(PortRange.ANY)) {
            b.matchRange(HDR_L4_SPORT, (short) match.sourcePorts().low(), (short) match.sourcePorts().high());
        }
        if (!match.destinationPorts().equals(PortRange.ANY)) {
            b.matchRange(HDR_L4_DPORT, (short) match.destinationPorts().low(), (short) match.destinationPorts().high());
        }
        if (ingress != null) {
            b.matchTernary(HDR_IG_PORT, ImmutableByteSequence.copyFrom((short) ingress.port().toLong()).asArray(),
                           ALL_ONES_9);
        }
        if (match.equals(Apn6Match.builder().build()) && ingress == null) {
            return List.of(PiCriterion.builder().matchTernary(HDR_IP_PROTO, new byte[]{0}, IP_PROTO_TOP_BIT).build(),
                           PiCriterion.builder().matchTernary(HDR_IP_PROTO, IP_PROTO_TOP_BIT, IP_PROTO_TOP_BIT).build());
        }
        return List.of(b.build());
    }

    private static void prefix(PiCriterion.Builder b, org.onosproject.net.pi.model.PiMatchFieldId field,
                               Ip6Prefix prefix) {
        if (prefix.prefixLength() == 0) {
            return;  // don't-care keys are left out of P4Runtime entries
        }
        byte[] mask = new byte[16];
        for (int bit = 0; bit < prefix.prefixLength(); bit++) {
            mask[bit / 8] |= (byte) (0x80 >> (bit % 8));
        }
        b.matchTernary(field, prefix.address().toOctets(), mask);
    }

    private static PiCriterion slaMatch(Apn6Policy policy, ConnectPoint egress) {
        PiCriterion.Builder b = PiCriterion.builder()
                .matchTernary(HDR_SLA_LEVEL, int32(policy.option().slaLevel()), ALL_ONES_32)
                .matchTernary(HDR_APP_ID, int32(policy.option().appId()), ALL_ONES_32);
        if (egress != null) {
            b.matchTernary(HDR_EG_PORT, ImmutableByteSequence.copyFrom((short) egress.port().toLong()).asArray(),
                           ALL_ONES_9);
        }
        return b.build();
    }

    private static byte[] int32(long value) {
        return new byte[]{(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static PiActionParam param(int priority) {
        try {
            return new PiActionParam(PRIORITY, ImmutableByteSequence.copyFrom((byte) priority).fit(PRIORITY_BITWIDTH));
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException("priority " + priority + " does not fit 3 bits", e);
        }
    }

    private FlowRule rule(DeviceId device, PiTableId table, PiCriterion match, PiAction action, int priority) {
        return DefaultFlowRule.builder().forDevice(device).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(priority).fromApp(appId).makePermanent().build();
    }
}
