// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.GridRow;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.ILNP;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.IPV6;

/**
 * The grid: a run's cells averaged over their repetitions in plan order, goodput with its
 * Student-t 95 % half width, failed repetitions left out, a limit of any repetition the row's.
 */
public class StudyGridTest {

    private static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    private static final ConnectPoint PB = ConnectPoint.deviceConnectPoint("device:sbr/3");
    /** Student's t for 95 % two-sided with 2 degrees of freedom, from the table: 4.303. */
    private static final double T_2 = 4.302652729911275;
    /** And with 1: 12.706. */
    private static final double T_1 = 12.706204736174698;

    private static TrialCell.Builder ilnp(int repetition, double goodputMbps, double shareA) {
        return Cells.udp(ILNP, List.of(80, 20), 1514, 100, repetition, 100, 0)
                .received(goodputMbps, 0L, 100_000L).jitterMs(0.1 * repetition).reordered((long) repetition)
                .rtt(new PingSummary(20, 20, 0.1, 0.2 * repetition, 0.9, 0.05))
                .uplinks(List.of(new UplinkCount(PA, 80, 1, shareA), new UplinkCount(PB, 20, 1, 1 - shareA)));
    }

    @Test
    public void repetitionsAreAveragedWithAStudentTHalfWidth() {
        List<GridRow> rows = StudyGrid.rows(List.of(ilnp(1, 10, 0.8).build(), ilnp(2, 12, 0.79).build(),
                                                    ilnp(3, 14, 0.81).build()));
        assertEquals(1, rows.size());
        GridRow row = rows.get(0);
        assertEquals(ILNP, row.protocol());
        assertEquals("80/20", row.sharing().orElseThrow());
        assertEquals(StudyTransport.UDP, row.transport());
        assertEquals(1514, row.frameSize());
        assertEquals(100.0, row.loadMbps().orElseThrow(), 0);
        assertEquals(3, row.repetitions());
        assertEquals(12.0, row.goodputMbps().orElseThrow(), 1e-12);
        // s = 2 over 3 repetitions: 4.303 * 2 / sqrt(3) = 4.968.
        assertEquals(4.968275423687506, row.goodputCi95().orElseThrow(), 1e-9);
        assertEquals(T_2 * 2 / Math.sqrt(3), row.goodputCi95().orElseThrow(), 1e-9);
        assertEquals(0.2, row.jitterMs().orElseThrow(), 1e-12);
        assertEquals(2.0, row.reordered().orElseThrow(), 1e-12);
        assertEquals(0.4, row.rttMeanMs().orElseThrow(), 1e-12);
        assertEquals(0.0, row.lossPercent().orElseThrow(), 0);
        assertEquals(Map.of(PA, 0.8, PB, 0.2), Map.of(PA, round(row.uplinkShares().get(PA)),
                                                      PB, round(row.uplinkShares().get(PB))));
        assertTrue(row.limit().isEmpty());
    }

    private static double round(double share) {
        return Math.round(share * 1e9) / 1e9;
    }

    @Test
    public void failedRepetitionsAreLeftOutOfTheMeans() {
        List<GridRow> rows = StudyGrid.rows(List.of(ilnp(1, 10.5, 0.8).build(),
                                                    ilnp(2, 0, 0.5).error("iperf3's client: no route").build(),
                                                    ilnp(3, 11, 0.8).build()));
        GridRow row = rows.get(0);
        assertEquals(2, row.repetitions());
        assertEquals(10.75, row.goodputMbps().orElseThrow(), 1e-12);
        assertEquals(T_1 * Math.sqrt(0.125) / Math.sqrt(2), row.goodputCi95().orElseThrow(), 1e-9);
        assertEquals(3.1765511840436744, row.goodputCi95().orElseThrow(), 1e-9);
        assertEquals(0.8, row.uplinkShares().get(PA), 1e-12);

        GridRow allFailed = StudyGrid.rows(List.of(ilnp(1, 0, 0.5).error("no route").build())).get(0);
        assertEquals(0, allFailed.repetitions());
        assertTrue(allFailed.goodputMbps().isEmpty());
        assertTrue(allFailed.goodputCi95().isEmpty());
        assertEquals(Map.of(), allFailed.uplinkShares());
        assertNull("one repetition has no half width", StudyGrid.halfWidth(List.of(3.0)));
    }

    @Test
    public void aRowIsLimitedWhenAnyRepetitionWas() {
        List<TrialCell> cells = List.of(ilnp(1, 10, 0.8).build(),
                                        ilnp(2, 9, 0.8).limit(CellLimit.LAB_CAPACITY, "lost").build());
        assertEquals(Optional.of(CellLimit.LAB_CAPACITY), StudyGrid.rows(cells).get(0).limit());
    }

    @Test
    public void rowsFollowThePlanAndTcpHasNoRate() {
        List<TrialCell> cells = List.of(
                Cells.udp(IPV6, List.of(), 1514, 10, 1, 10, 0).build(),
                Cells.udp(IPV6, List.of(), 1514, 10, 2, 10, 10).build(),
                Cells.udp(IPV6, List.of(), 1514, 100, 1, 100, 0).build(),
                Cells.tcp(IPV6, 1514, 1, 900).build(),
                Cells.tcp(IPV6, 1514, 2, 1000).build(),
                Cells.udp(ILNP, List.of(100, 0), 1514, 10, 1, 10, 0).build(),
                Cells.udp(ILNP, List.of(50, 50), 1514, 10, 1, 10, 0).build());
        List<GridRow> rows = StudyGrid.rows(cells);
        assertEquals(List.of("IPV6 null UDP 10.0 2", "IPV6 null UDP 100.0 1", "IPV6 null TCP null 2",
                             "ILNP 100/0 UDP 10.0 1", "ILNP 50/50 UDP 10.0 1"),
                     rows.stream().map(r -> r.protocol() + " " + r.sharing().orElse(null) + " " + r.transport() + " "
                             + r.loadMbps().orElse(null) + " " + r.repetitions())
                             .collect(Collectors.toList()));
        assertEquals(0.5, rows.get(0).lossPercent().orElseThrow(), 1e-12);
        assertEquals(950.0, rows.get(2).goodputMbps().orElseThrow(), 1e-12);
        assertTrue("TCP has no datagrams to lose", rows.get(2).lossPercent().isEmpty());
    }
}
