// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.ILNP;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.IPV6;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.NPTV6;

/**
 * The rates the lab could not carry: the sender short of 90 % of the rate, or more than 5 % lost
 * where the same protocol, sharing level and frame size lost under 1 % at the study's lowest rate.
 */
public class CellLimitsTest {

    private static List<Optional<CellLimit>> limits(List<TrialCell> cells) {
        return CellLimits.apply(cells).stream().map(TrialCell::limit).collect(Collectors.toList());
    }

    @Test
    public void aSenderShortOfTheRateIsTheSendersLimit() {
        List<TrialCell> marked = CellLimits.apply(List.of(
                Cells.udp(IPV6, List.of(), 128, 100, 1, 80, 0).build(),
                Cells.udp(IPV6, List.of(), 128, 100, 2, 90, 0).build()));
        assertEquals(Optional.of(CellLimit.SENDER), marked.get(0).limit());
        assertEquals("the sender sent 80.00 of 100.00 Mbit/s", marked.get(0).limitReason().orElseThrow());
        assertEquals("90 % of the rate is enough", Optional.empty(), marked.get(1).limit());
    }

    @Test
    public void lossAtAHighRateIsTheLabsCapacityOnlyWhenTheLowestRateWasClean() {
        List<TrialCell> marked = CellLimits.apply(List.of(
                Cells.udp(NPTV6, List.of(), 1514, 10, 1, 10, 0).build(),
                Cells.udp(NPTV6, List.of(), 1514, 10, 2, 10, 16).build(),
                Cells.udp(NPTV6, List.of(), 1514, 100, 1, 100, 50).build(),
                Cells.udp(NPTV6, List.of(), 1514, 1000, 1, 1000, 51).build()));
        assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(CellLimit.LAB_CAPACITY)),
                     marked.stream().map(TrialCell::limit).collect(Collectors.toList()));
        assertEquals("the lowest rate's repetitions are averaged: 0 and 1.6 %",
                     "5.1 % lost at 1000.00 Mbit/s, 0.80 % at 10.00 Mbit/s",
                     marked.get(3).limitReason().orElseThrow());
    }

    @Test
    public void lossAtEveryRateIsNoLimit() {
        assertEquals(List.of(Optional.empty(), Optional.empty()), limits(List.of(
                Cells.udp(IPV6, List.of(), 128, 1, 1, 1, 10).build(),
                Cells.udp(IPV6, List.of(), 128, 100, 1, 100, 300).build())));
        assertEquals("the lowest rate alone is never limited by its loss", List.of(Optional.empty()),
                     limits(List.of(Cells.udp(IPV6, List.of(), 128, 1, 1, 1, 300).build())));
    }

    @Test
    public void eachProtocolSharingLevelAndFrameSizeHasItsOwnLowestRate() {
        List<Optional<CellLimit>> limits = limits(List.of(
                Cells.udp(ILNP, List.of(100, 0), 128, 1, 1, 1, 0).build(),
                Cells.udp(ILNP, List.of(100, 0), 128, 50, 1, 50, 100).build(),
                Cells.udp(ILNP, List.of(50, 50), 128, 1, 1, 1, 20).build(),
                Cells.udp(ILNP, List.of(50, 50), 128, 50, 1, 50, 100).build(),
                Cells.udp(ILNP, List.of(50, 50), 1514, 50, 1, 50, 100).build()));
        assertEquals(List.of(Optional.empty(), Optional.of(CellLimit.LAB_CAPACITY), Optional.empty(),
                             Optional.empty(), Optional.empty()), limits);
    }

    @Test
    public void tcpAndFailedCellsAreLeftAsTheyAre() {
        List<TrialCell> cells = List.of(
                Cells.udp(IPV6, List.of(), 1514, 10, 1, 10, 0).error("iperf3's client: no route").build(),
                Cells.udp(IPV6, List.of(), 1514, 100, 1, 100, 0).build(),
                Cells.udp(IPV6, List.of(), 1514, 1000, 1, 1000, 100).build(),
                Cells.tcp(IPV6, 1514, 1, 5).build());
        List<TrialCell> marked = CellLimits.apply(cells);
        assertEquals(cells.get(0), marked.get(0));
        // The failed cell is no baseline: 100 Mbit/s is the lowest rate measured, and it was clean.
        assertEquals(Optional.of(CellLimit.LAB_CAPACITY), marked.get(2).limit());
        assertEquals(cells.get(3), marked.get(3));
    }
}
