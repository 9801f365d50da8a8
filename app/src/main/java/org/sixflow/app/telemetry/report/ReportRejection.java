// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

/**
 * Why a telemetry report frame was not turned into a sample; each reason is counted.
 */
public enum ReportRejection {
    /** Shorter than Ethernet plus the report header. */
    TRUNCATED,
    /** EtherType is not the report's (0x88B5). */
    NOT_A_REPORT,
    /** A report version this controller does not know. */
    UNKNOWN_VERSION,
    /** Latency class code with no LatencyClass. */
    UNKNOWN_CLASS,
    /** Padding bits the data plane always zeroes are set. */
    NONZERO_PADDING,
    /** The delta does not equal egress minus ingress timestamp (low 32 bits). */
    INCONSISTENT_DELTA
}
