// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.EnumSet;

import static org.junit.Assert.assertEquals;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.CONTROL_PLANE;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.DOWNSTREAM_DROPPED;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.DOWNSTREAM_RX;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.DOWNSTREAM_TX;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.UPSTREAM_DROPPED;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.UPSTREAM_RX;
import static org.onosproject.net.behaviour.BngProgrammable.BngCounterType.UPSTREAM_TX;

/**
 * Every ONOS BNG counter type (UPSTREAM_RX and DOWNSTREAM_DROPPED too) is a per-line counter of
 * the bng profile, one cell per line and one for "no line"; each half of the split has its own.
 */
public class BngCountersTest {

    @Test
    public void theSingleBngHasEveryCounterType() {
        var model = BundledPipeconfs.bmv2("bng").pipelineModel();
        assertEquals(EnumSet.allOf(BngCounterType.class), BngCounters.supported(model).keySet());
        BngCounters.supported(model).values().forEach(
                id -> assertEquals(id + " cells", P4Defines.BNG_LINE_CELLS, model.counter(id).orElseThrow().size()));
        assertEquals(P4Defines.BNG_LINES + 1, P4Defines.BNG_LINE_CELLS);
    }

    @Test
    public void theSplitHalvesHaveTheirDirections() {
        assertEquals(EnumSet.of(UPSTREAM_RX, UPSTREAM_TX, UPSTREAM_DROPPED, CONTROL_PLANE),
                     BngCounters.supported(BundledPipeconfs.bmv2("bng-access").pipelineModel()).keySet());
        assertEquals(EnumSet.of(DOWNSTREAM_RX, DOWNSTREAM_TX, DOWNSTREAM_DROPPED),
                     BngCounters.supported(BundledPipeconfs.bmv2("bng-forward").pipelineModel()).keySet());
        assertEquals(0, BngCounters.supported(BundledPipeconfs.bmv2("full").pipelineModel()).size());
    }
}
