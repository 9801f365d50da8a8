// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.TimeWindow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * External traffic is measured from the stored samples: loss is what the data plane's report
 * sequence skipped, said so in the loss basis.
 */
public class ExternalResultCalculatorTest {

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    public void reportSequenceGapsAreTheLoss() {
        Experiment e = Experiment.builder("p4tg").ingress(ConnectPoint.deviceConnectPoint("device:tofino/1"))
                .traffic(ExperimentTraffic.EXTERNAL).window(TimeWindow.of(T0, T0.plusSeconds(10)))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, null, null,
                                                    null),
                                 ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                                    null, null, null)))
                .build();
        List<LatencySample> ipv6 = new ArrayList<>();
        for (long seq = 100; seq < 200; seq++) {
            if (seq != 150 && seq != 151) {
                ipv6.add(LatencySample.of(T0.plusMillis(seq), "device:tofino", 0, 0, 1, 2, seq, 364)
                                 .withIngressTimestamp(seq * 1_000_000));
            }
        }
        ExperimentClassResult r = ExternalResultCalculator.of(e, Map.of(0, ipv6)).get(0).classes().get(0);
        assertEquals(100, r.sent());
        assertEquals(98, r.received());
        assertEquals(2, r.lost());
        assertEquals(ExperimentClassResult.LossBasis.REPORT_SEQUENCE, r.lossBasis());
        assertEquals(364, r.latency().orElseThrow().mean(), 0);
        assertEquals(0, r.jitterNanos().orElseThrow(), 0);
        assertTrue(r.stability().isPresent());
        assertFalse("no load without probes", r.offeredMbps().isPresent());
        ExperimentClassResult apn6 = ExternalResultCalculator.of(e, Map.of(0, ipv6)).get(0).classes().get(1);
        assertEquals(0, apn6.sent());
        assertFalse(apn6.latency().isPresent());
    }
}
