// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.pipeconf.CloneSessions;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.sixflow.app.impl.PacketTestEntries.checkOrWrite;
import static org.sixflow.app.impl.PacketTestEntries.entries;
import static org.sixflow.app.impl.PacketTestEntries.groups;

/**
 * The telemetry packet tests fed by the controller (pipeconf/ptf/tests/test_telemetry_compiled.py)
 * install exactly what TelemetryReportCollector writes to a bmv2 device: the telemetry clone
 * session (ReportRules.cloneSession to ONOS's CONTROLLER port, truncated as CloneSessions says
 * for the target) and the sampling entries of the property {@value #SAMPLING} (plain IPv6, one
 * packet in two; every profile has the class and the tables). The committed
 * telemetry_entries.json must be this test's output. Regenerate it with
 * {@code -Dtelemetry.writeEntries=true}.
 */
public class ReportPacketTestEntriesTest {

    static final String SAMPLING = "ipv6=1";
    private static final DeviceId ROUTER = DeviceId.deviceId("device:beijing");
    private static final ApplicationId APP = TestApplicationId.create("org.sixflow.app");

    @Test
    public void fixtureIsWhatTheCollectorWrites() throws Exception {
        ReportSampling sampling = ReportSampling.parse(SAMPLING);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("sampling", SAMPLING);
        root.put("sampled_class", LatencyClass.IPV6.code());
        root.put("entries", entries(ReportRules.sampling(ROUTER, sampling, APP)));
        root.put("groups", groups(List.of(ReportRules.cloneSession(
                ROUTER, APP, CloneSessions.telemetryTruncate(SixflowPipeconfs.FULL_BMV2).orElseThrow()))));
        checkOrWrite("telemetry_entries.json", "telemetry.writeEntries", root);
    }
}
