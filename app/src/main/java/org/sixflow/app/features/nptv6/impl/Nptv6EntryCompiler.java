// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.ADJUSTMENT;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.ADJUSTMENT_BITWIDTH;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.EG_PORT;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.EG_PORT_BITWIDTH;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.FLIP;
import static org.sixflow.app.features.nptv6.impl.Nptv6Pipeline.FLIP_BITWIDTH;
import static org.sixflow.app.impl.PiParams.param;

/**
 * Turns an NPTv6 mapping into the four entries of nptv6.p4 on its uplink's device: inbound (the
 * external prefix on the destination, and on the source of an ICMPv6 error's invoking packet)
 * and outbound on the uplink port (the internal prefix on the source, and on the invoking
 * packet's destination). Each carries the prefix bits to flip (internal XOR external, the
 * address's upper 48 bits) and the direction's adjustment (RFC 6296 section 3.2), computed here
 * once: the data plane only adds it.
 */
public final class Nptv6EntryCompiler {

    /** ONOS wants a priority on every rule; P4Runtime takes none for these LPM tables. */
    static final int PRIORITY = 10;

    private static final int FLIP_OCTETS = FLIP_BITWIDTH / 8;

    private final ApplicationId appId;

    /**
     * Creates the compiler.
     *
     * @param appId the app the entries belong to
     */
    public Nptv6EntryCompiler(ApplicationId appId) {
        this.appId = appId;
    }

    /**
     * Compiles a mapping.
     *
     * @param mapping a mapping (valid by construction)
     * @return its entries: inbound, inbound ICMPv6, outbound, outbound ICMPv6
     * @throws IllegalArgumentException if the uplink's port number does not fit the data plane's port
     */
    public List<FlowRule> compile(Nptv6Mapping mapping) {
        long port = mapping.uplink().port().toLong();
        checkArgument(port >= 0 && port < (1L << EG_PORT_BITWIDTH),
                      "uplink %s: port number %s does not fit the data plane's %s-bit port",
                      mapping.uplink(), port, EG_PORT_BITWIDTH);
        Ip6Prefix internal = mapping.internalPrefix();
        Ip6Prefix external = mapping.externalPrefix();
        byte[] flip = flip(internal, external);
        int inbound = ChecksumNeutral.adjustment(external, internal);
        int outbound = ChecksumNeutral.adjustment(internal, external);
        DeviceId device = mapping.uplink().deviceId();
        return List.of(
                rule(device, Nptv6Pipeline.INBOUND, lpm(Nptv6Pipeline.IPV6_DST, external, -1),
                     action(Nptv6Pipeline.INBOUND_TRANSLATE, flip, inbound)),
                rule(device, Nptv6Pipeline.INBOUND_ICMP, lpm(Nptv6Pipeline.INNER_IPV6_SRC, external, -1),
                     action(Nptv6Pipeline.INBOUND_TRANSLATE_INNER, flip, inbound)),
                rule(device, Nptv6Pipeline.OUTBOUND, lpm(Nptv6Pipeline.IPV6_SRC, internal, port),
                     action(Nptv6Pipeline.OUTBOUND_TRANSLATE, flip, outbound)),
                rule(device, Nptv6Pipeline.OUTBOUND_ICMP, lpm(Nptv6Pipeline.INNER_IPV6_DST, internal, port),
                     action(Nptv6Pipeline.OUTBOUND_TRANSLATE_INNER, flip, outbound)));
    }

    /** The upper 48 bits of internal XOR external: an address inside one prefix XORed with it is inside the other. */
    static byte[] flip(Ip6Prefix internal, Ip6Prefix external) {
        byte[] a = internal.address().toOctets();
        byte[] b = external.address().toOctets();
        byte[] flip = new byte[FLIP_OCTETS];
        for (int i = 0; i < FLIP_OCTETS; i++) {
            flip[i] = (byte) (a[i] ^ b[i]);
        }
        return flip;
    }

    private static PiCriterion lpm(PiMatchFieldId field, Ip6Prefix prefix, long port) {
        PiCriterion.Builder match = PiCriterion.builder();
        if (port >= 0) {
            match.matchExact(EG_PORT, port);
        }
        return match.matchLpm(field, prefix.address().toOctets(), prefix.prefixLength()).build();
    }

    private static PiAction action(PiActionId id, byte[] flip, int adjustment) {
        return PiAction.builder().withId(id)
                .withParameter(param(FLIP, flip, FLIP_BITWIDTH))
                .withParameter(param(ADJUSTMENT, adjustment, ADJUSTMENT_BITWIDTH))
                .build();
    }

    private FlowRule rule(DeviceId device, PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(device).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(PRIORITY).fromApp(appId).makePermanent().build();
    }
}
