// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;

/**
 * The names of nptv6.p4's tables, keys, actions and parameters. They are only in the nptv6
 * profile's P4Info, not the full profile's that P4InfoConstants is generated from, so they are
 * written here and held to the nptv6 profile's P4Info by Nptv6PipelineTest.
 */
final class Nptv6Pipeline {

    static final PiTableId INBOUND = PiTableId.of("SixflowIngress.nptv6_inbound.nptv6_inbound");
    static final PiTableId INBOUND_ICMP = PiTableId.of("SixflowIngress.nptv6_inbound.nptv6_inbound_icmp");
    static final PiTableId OUTBOUND = PiTableId.of("SixflowIngress.nptv6_outbound.nptv6_outbound");
    static final PiTableId OUTBOUND_ICMP = PiTableId.of("SixflowIngress.nptv6_outbound.nptv6_outbound_icmp");

    static final PiActionId INBOUND_TRANSLATE = PiActionId.of("SixflowIngress.nptv6_inbound.translate");
    static final PiActionId INBOUND_TRANSLATE_INNER = PiActionId.of("SixflowIngress.nptv6_inbound.translate_inner");
    static final PiActionId OUTBOUND_TRANSLATE = PiActionId.of("SixflowIngress.nptv6_outbound.translate");
    static final PiActionId OUTBOUND_TRANSLATE_INNER =
            PiActionId.of("SixflowIngress.nptv6_outbound.translate_inner");

    static final PiMatchFieldId IPV6_DST = PiMatchFieldId.of("ipv6_dst");
    static final PiMatchFieldId IPV6_SRC = PiMatchFieldId.of("ipv6_src");
    static final PiMatchFieldId INNER_IPV6_SRC = PiMatchFieldId.of("inner_ipv6_src");
    static final PiMatchFieldId INNER_IPV6_DST = PiMatchFieldId.of("inner_ipv6_dst");
    static final PiMatchFieldId EG_PORT = PiMatchFieldId.of("eg_port");
    static final int EG_PORT_BITWIDTH = 9;

    static final PiActionParamId FLIP = PiActionParamId.of("flip");
    static final int FLIP_BITWIDTH = 48;
    static final PiActionParamId ADJUSTMENT = PiActionParamId.of("adjustment");
    static final int ADJUSTMENT_BITWIDTH = 16;

    private Nptv6Pipeline() {
    }
}
