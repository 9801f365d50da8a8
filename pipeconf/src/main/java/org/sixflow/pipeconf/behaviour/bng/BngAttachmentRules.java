// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.sixflow.pipeconf.P4InfoConstants.C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST_64;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC_64;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SESSION_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.MAC;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SESSION_ID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_SET_DOWNSTREAM_LINE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_PASS_DOWN;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_ALLOW_SOURCE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_SET_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;
import static org.sixflow.pipeconf.P4InfoConstants.S_TAG;

/**
 * The table entries of one attachment on one device, for the tables its pipeline has
 * (bng-access: line map, session, sources; bng-forward: subscriber prefixes, the line's session
 * downstream):
 * <ul>
 * <li>line map: (access port, S-tag, C-tag) → line id (a missing tag is 0);</li>
 * <li>upstream session: (line, PPPoE session id) → the subscriber's MAC (anti-spoofing);</li>
 * <li>source: (line, the address's /64 for IPv6, /32 for IPv4): what the line may send from;</li>
 * <li>downstream: the same prefix → line; the line → (access port, tags, session id, the BNG's
 * MAC, the subscriber's).</li>
 * </ul>
 * ONOS's attachment has one IP address, standing for the subscriber's /64 (IPv6) or its /32
 * (IPv4); a {@link BngPrefixAttachment} stands for a prefix of its own length (a delegated IPv6
 * prefix, DHCPv6-PD), written to the same source and downstream tables. A
 * {@link BngSplitAttachment} is one half of a split BNG: its half's tables only, and on the
 * access switch the line's pass-through from the trunk, (trunk port, S-tag, C-tag) → (line id,
 * access port).
 */
final class BngAttachmentRules {

    private static final int PRIORITY = 10;
    /** The tables whose entries are one address's own: a source upstream, a prefix downstream. */
    private static final Set<PiTableId> ADDRESS_TABLES = Set.of(
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4,
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4);
    private static final int IPV6_PREFIX = 64;
    private static final int IPV4_PREFIX = 32;

    private final DeviceId deviceId;
    private final PiPipelineModel model;
    private final PortNumber accessPort;
    private final MacAddress bngMac;

    /**
     * Creates the rule builder of a device.
     *
     * @param deviceId   the device
     * @param model      its pipeline
     * @param accessPort the port its subscribers' lines are on (the forwarding half of a split:
     *                   the trunk towards the access switch)
     * @param bngMac     the MAC the subscriber knows from PPPoE discovery (the source of downstream frames)
     */
    BngAttachmentRules(DeviceId deviceId, PiPipelineModel model, PortNumber accessPort, MacAddress bngMac) {
        this.deviceId = deviceId;
        this.model = model;
        this.accessPort = accessPort;
        this.bngMac = bngMac;
    }

    /**
     * Returns a VLAN id as the line map keys it: 0 for none.
     *
     * @param tag  the tag
     * @param what "S-tag" or "C-tag", for the error
     * @return 0..4094
     * @throws BngProgrammableException for a wildcard tag
     */
    static short vid(VlanId tag, String what) throws BngProgrammableException {
        if (tag == null || VlanId.NONE.equals(tag)) {
            return 0;
        }
        if (VlanId.ANY.equals(tag) || tag.toShort() < 0 || tag.toShort() > VlanId.MAX_VLAN) {
            throw new BngProgrammableException(what + " " + tag + " is not a VLAN id (0..4094 or none)");
        }
        return tag.toShort();
    }

    /**
     * Returns the line map entry of an attachment.
     *
     * @param attachment the attachment
     * @param lineId     its line
     * @return the entry, if the pipeline has a line map
     * @throws BngProgrammableException for a wildcard tag
     */
    List<FlowRule> lineMap(Attachment attachment, int lineId) throws BngProgrammableException {
        List<FlowRule> rules = new ArrayList<>();
        if (has(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP) && writes(attachment, BngSplitAttachment.Half.ACCESS)) {
            rules.add(rule(attachment.appId(), SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP,
                           PiCriterion.builder()
                                   .matchExact(HDR_IG_PORT, accessPort.toLong())
                                   .matchExact(HDR_S_TAG, vid(attachment.sTag(), "S-tag"))
                                   .matchExact(HDR_C_TAG, vid(attachment.cTag(), "C-tag"))
                                   .build(),
                           PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE)
                                   .withParameter(new PiActionParam(LINE_ID, lineId)).build()));
            if (attachment instanceof BngSplitAttachment) {
                rules.add(passDown((BngSplitAttachment) attachment, lineId));
            }
        }
        return rules;
    }

    /** The access switch's pass-through of the line's downstream frames from the trunk to the line's port. */
    private FlowRule passDown(BngSplitAttachment half, int lineId) throws BngProgrammableException {
        if (half.trunkPort() == null || half.trunkPort().equals(accessPort)) {
            throw new BngProgrammableException("the trunk port " + half.trunkPort() + " of " + deviceId
                                                       + " must be another port than its subscribers' "
                                                       + accessPort);
        }
        return rule(half.appId(), SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP,
                    PiCriterion.builder()
                            .matchExact(HDR_IG_PORT, half.trunkPort().toLong())
                            .matchExact(HDR_S_TAG, vid(half.sTag(), "S-tag"))
                            .matchExact(HDR_C_TAG, vid(half.cTag(), "C-tag"))
                            .build(),
                    PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_PASS_DOWN)
                            .withParameter(new PiActionParam(LINE_ID, lineId))
                            .withParameter(new PiActionParam(PORT, accessPort.toLong())).build());
    }

    /**
     * Whether this device writes a half's tables for an attachment: every half of a whole
     * attachment, only its own of a split one.
     *
     * @param attachment the attachment
     * @param half       the half
     * @return true to write that half's tables
     */
    static boolean writes(Attachment attachment, BngSplitAttachment.Half half) {
        return !(attachment instanceof BngSplitAttachment) || ((BngSplitAttachment) attachment).half() == half;
    }

    /**
     * Returns the entries of an active attachment's session: upstream termination and
     * anti-spoofing, downstream prefix and encapsulation (those the pipeline has).
     *
     * @param attachment the attachment
     * @param lineId     its line
     * @return the entries
     * @throws BngProgrammableException for an attachment that cannot be written
     */
    List<FlowRule> session(Attachment attachment, int lineId) throws BngProgrammableException {
        if (attachment.type() != Attachment.AttachmentType.PPPoE) {
            throw new BngProgrammableException("attachment type " + attachment.type()
                                                       + " is not supported: Sixflow's BNG terminates PPPoE");
        }
        if (attachment.macAddress() == null) {
            throw new BngProgrammableException("an attachment needs the subscriber's MAC address");
        }
        int sessionId = attachment.pppoeSessionId() & 0xffff;
        if (sessionId == 0 || sessionId == 0xffff) {
            // RFC 2516: 0xffff is reserved, 0 is the discovery stage's.
            throw new BngProgrammableException("PPPoE session id " + sessionId + " is reserved");
        }
        ApplicationId appId = attachment.appId();
        IpAddress ip = attachment.ipAddress();
        int length = prefixLength(attachment);
        byte[] key = ip == null ? null : ip.isIp6() ? upper64(ip, length) : masked(ip.toOctets(), length);
        List<FlowRule> rules = new ArrayList<>();
        if (has(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION) && writes(attachment, BngSplitAttachment.Half.ACCESS)) {
            rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION,
                           PiCriterion.builder().matchExact(HDR_LINE_ID, lineId).matchExact(HDR_SESSION_ID, sessionId)
                                   .build(),
                           PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_SET_SESSION)
                                   .withParameter(new PiActionParam(MAC, mac(attachment.macAddress()))).build()));
            if (ip != null && ip.isIp6()) {
                rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6,
                               PiCriterion.builder().matchExact(HDR_LINE_ID, lineId)
                                       .matchLpm(HDR_IPV6_SRC_64, key, length).build(),
                               PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_ALLOW_SOURCE).build()));
            } else if (ip != null) {
                rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4,
                               PiCriterion.builder().matchExact(HDR_LINE_ID, lineId)
                                       .matchLpm(HDR_IPV4_SRC, key, length).build(),
                               PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_ALLOW_SOURCE).build()));
            }
        }
        if (has(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION) && writes(attachment, BngSplitAttachment.Half.FORWARD)) {
            PiAction toLine = PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_SET_DOWNSTREAM_LINE)
                    .withParameter(new PiActionParam(LINE_ID, lineId)).build();
            if (ip != null && ip.isIp6()) {
                rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6,
                               PiCriterion.builder().matchLpm(HDR_IPV6_DST_64, key, length).build(),
                               toLine));
            } else if (ip != null) {
                rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4,
                               PiCriterion.builder().matchLpm(HDR_IPV4_DST, key, length).build(),
                               toLine));
            }
            rules.add(rule(appId, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION,
                           PiCriterion.builder().matchExact(HDR_LINE_ID, lineId).build(),
                           PiAction.builder().withId(SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE_SESSION)
                                   .withParameter(new PiActionParam(PORT, accessPort.toLong()))
                                   .withParameter(new PiActionParam(S_TAG, vid(attachment.sTag(), "S-tag")))
                                   .withParameter(new PiActionParam(C_TAG, vid(attachment.cTag(), "C-tag")))
                                   .withParameter(new PiActionParam(SESSION_ID, sessionId))
                                   .withParameter(new PiActionParam(SMAC, mac(bngMac)))
                                   .withParameter(new PiActionParam(DMAC, mac(attachment.macAddress())))
                                   .build()));
        }
        return rules;
    }

    /**
     * Returns the entries the removal of an attachment takes out: its own (source, prefix) and
     * the ones its line shares with the session's other attachments (line map, session, line
     * session), or only its own when the others stay ({@link BngPrefixAttachment#othersStay()}).
     *
     * @param attachment the attachment
     * @param lineId     its line
     * @return the entries
     * @throws BngProgrammableException for an attachment that cannot be written
     */
    List<FlowRule> removal(Attachment attachment, int lineId) throws BngProgrammableException {
        boolean othersStay = attachment instanceof BngPrefixAttachment
                && ((BngPrefixAttachment) attachment).othersStay();
        List<FlowRule> rules = new ArrayList<>();
        if (!othersStay) {
            rules.addAll(lineMap(attachment, lineId));
        }
        for (FlowRule rule : session(attachment, lineId)) {
            if (!othersStay || ADDRESS_TABLES.contains(rule.table())) {
                rules.add(rule);
            }
        }
        return rules;
    }

    /**
     * How many bits of the attachment's address its entries key: 64 of an IPv6 address (the
     * subscriber's /64), 32 of an IPv4 one, a {@link BngPrefixAttachment}'s own length.
     */
    private static int prefixLength(Attachment attachment) throws BngProgrammableException {
        IpAddress ip = attachment.ipAddress();
        int most = ip != null && ip.isIp6() ? IPV6_PREFIX : IPV4_PREFIX;
        if (!(attachment instanceof BngPrefixAttachment)) {
            return most;
        }
        int length = ((BngPrefixAttachment) attachment).prefixLength();
        if (length < 1 || length > most) {
            throw new BngProgrammableException("prefix length " + length + " of " + ip + " is not 1.." + most
                                                       + (most == IPV6_PREFIX ? " (the BNG keys IPv6 prefixes on"
                                                       + " their upper 64 bits)" : ""));
        }
        return length;
    }

    private boolean has(PiTableId table) {
        return model.table(table).isPresent();
    }

    private FlowRule rule(ApplicationId appId, PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(table)
                .fromApp(appId)
                .makePermanent()
                .withPriority(PRIORITY)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .build();
    }

    private static ImmutableByteSequence mac(MacAddress mac) {
        return ImmutableByteSequence.copyFrom(mac.toBytes());
    }

    /** The upper 64 bits of an IPv6 address, bits past the prefix cleared: the BNG's IPv6 prefix keys (bng.p4). */
    private static byte[] upper64(IpAddress ip, int length) {
        return masked(Arrays.copyOf(ip.toOctets(), 8), length);
    }

    /** The octets with every bit past the first {@code length} cleared (P4Runtime refuses LPM keys with them set). */
    private static byte[] masked(byte[] octets, int length) {
        byte[] out = octets.clone();
        for (int bit = length; bit < out.length * 8; bit++) {
            out[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return out;
    }
}
