// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.net.behaviour.BngProgrammable.Attachment;

import java.util.Optional;

/**
 * An attachment that says how its line is metered: ONOS 2.7's Attachment has no rates, so
 * Sixflow's pipeconf reads them from this. Each direction is written on the device holding its
 * half (upstream with the line, downstream with the prefixes); an empty one leaves the line's
 * cell unmetered (all green). An attachment that is not one of these is unmetered both ways.
 */
public interface BngMeteredAttachment extends Attachment {

    /**
     * The line's upstream meter (subscriber to network).
     *
     * @return the rate, empty for unmetered
     */
    Optional<BngLineRate> upstreamRate();

    /**
     * The line's downstream meter (network to subscriber).
     *
     * @return the rate, empty for unmetered
     */
    Optional<BngLineRate> downstreamRate();
}
