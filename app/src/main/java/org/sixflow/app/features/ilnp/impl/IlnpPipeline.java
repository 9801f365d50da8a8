// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;

/**
 * The names of ilnp.p4's tables, keys, actions, parameters and counters. They are only in the
 * nptv6 profile's P4Info, not the full profile's that P4InfoConstants is generated from, so they
 * are written here and held to the nptv6 profile's P4Info by IlnpPipelineTest and every
 * compiled entry by IlnpEntryCompilerTest.
 */
final class IlnpPipeline {

    static final PiTableId INBOUND = PiTableId.of("SixflowIngress.ilnp_inbound.ilnp_inbound");
    static final PiTableId SITE = PiTableId.of("SixflowIngress.ilnp_outbound.ilnp_site");
    static final PiTableId UPLINK = PiTableId.of("SixflowIngress.ilnp_outbound.ilnp_uplink");

    static final PiActionId TO_INTERNAL = PiActionId.of("SixflowIngress.ilnp_inbound.to_internal");
    static final PiActionId SET_SITE = PiActionId.of("SixflowIngress.ilnp_outbound.set_site");
    static final PiActionId USE_UPLINK = PiActionId.of("SixflowIngress.ilnp_outbound.use_uplink");

    static final PiCounterId UPLINK_IN = PiCounterId.of("SixflowIngress.ilnp_inbound.ilnp_uplink_in");
    static final PiCounterId UPLINK_OUT = PiCounterId.of("SixflowIngress.ilnp_outbound.ilnp_uplink_out");

    static final PiMatchFieldId DST_LOCATOR = PiMatchFieldId.of("dst_locator");
    static final PiMatchFieldId EG_PORT = PiMatchFieldId.of("eg_port");
    static final PiMatchFieldId SRC_LOCATOR = PiMatchFieldId.of("src_locator");
    static final PiMatchFieldId SITE_KEY = PiMatchFieldId.of("site");
    static final PiMatchFieldId BUCKET = PiMatchFieldId.of("bucket");
    static final int LOCATOR_BITWIDTH = 64;
    static final int PORT_BITWIDTH = 9;
    static final int SITE_BITWIDTH = 16;
    static final int BUCKET_BITWIDTH = 16;

    static final PiActionParamId LOCATOR = PiActionParamId.of("locator");
    static final PiActionParamId UPLINK_ID = PiActionParamId.of("uplink");
    static final int UPLINK_ID_BITWIDTH = 8;
    static final PiActionParamId SITE_ID = PiActionParamId.of("site");
    static final PiActionParamId PORT = PiActionParamId.of("port");
    static final PiActionParamId SMAC = PiActionParamId.of("smac");
    static final PiActionParamId DMAC = PiActionParamId.of("dmac");
    static final int MAC_BITWIDTH = 48;

    private IlnpPipeline() {
    }
}
