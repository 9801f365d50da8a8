// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

/**
 * Names and defaults of the telemetry report collector's component properties.
 */
public final class OsgiPropertyConstants {

    /**
     * Which classes report, how often (see {@link ReportSampling}): "off", "k" for one in 2^k
     * packets of every class, or "class=k,…". By default one in 1,024, which a controller takes
     * at line rate on bmv2; experiments set 0 for the classes they measure.
     */
    public static final String REPORT_SAMPLING = "reportSampling";
    public static final String REPORT_SAMPLING_DEFAULT = "10";

    private OsgiPropertyConstants() {
    }
}
