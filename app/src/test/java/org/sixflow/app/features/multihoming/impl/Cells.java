// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.time.Instant;
import java.util.List;

/** Cells made by hand: a trial's factors and the figures a test needs. */
final class Cells {

    static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");

    private Cells() {
    }

    /**
     * A UDP cell that sent at a rate and lost some of its datagrams.
     *
     * @param protocol   the protocol
     * @param sharing    ILNP's weights, or none
     * @param frameSize  the frame size
     * @param loadMbps   the rate asked for
     * @param repetition which
     * @param sentMbps   what the sender reached
     * @param lostOf1000 datagrams lost of 1000
     * @return the cell's builder
     */
    static TrialCell.Builder udp(MultihomingProtocol protocol, List<Integer> sharing, int frameSize, double loadMbps,
                                 int repetition, double sentMbps, long lostOf1000) {
        PlannedTrial trial = new PlannedTrial(0, protocol, sharing, frameSize, StudyTransport.UDP, loadMbps,
                                              repetition);
        return TrialCell.builder(trial, T0).sent(sentMbps, 1000L, 100_000L)
                .received(sentMbps * (1000 - lostOf1000) / 1000, lostOf1000, 100 * (1000 - lostOf1000));
    }

    /**
     * A TCP cell.
     *
     * @param protocol    the protocol
     * @param frameSize   the frame size
     * @param repetition  which
     * @param goodputMbps what it reached
     * @return the cell's builder
     */
    static TrialCell.Builder tcp(MultihomingProtocol protocol, int frameSize, int repetition, double goodputMbps) {
        PlannedTrial trial = new PlannedTrial(0, protocol, List.of(), frameSize, StudyTransport.TCP, null,
                                              repetition);
        return TrialCell.builder(trial, T0).sent(goodputMbps, null, 1_000_000L)
                .received(goodputMbps, null, 1_000_000L).retransmits(3L);
    }
}
