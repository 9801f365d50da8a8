// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

/**
 * How a tunnel's downlink packets get their outer UDP checksum (the checksum_mode parameter of
 * gtpu_encap; its codes are GTPU_CHECKSUM_* of pipeconf/p4src/common/define.p4, held there by
 * a test).
 */
public enum GtpuChecksumMode {
    /** A zero checksum (RFC 6935/6936): the peer must accept zero checksums. */
    ZERO(0),
    /** Computed over the whole packet at deparse time; bmv2 only (Tofino drops such packets). */
    FULL(1),
    /** Derived from the inner packet's own L4 checksum; needs one (TCP, UDP or ICMPv6 inside). */
    INCREMENTAL(2);

    private final int code;

    GtpuChecksumMode(int code) {
        this.code = code;
    }

    /** The code gtpu_encap's checksum_mode parameter takes. */
    public int code() {
        return code;
    }
}
