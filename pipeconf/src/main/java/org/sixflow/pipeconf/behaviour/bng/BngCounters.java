// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiCounterCellId;

import java.util.EnumMap;
import java.util.Map;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_DROPPED;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_RX;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_TX;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_CONTROL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_DROPPED;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_RX;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_TX;

/**
 * Which per-line counter of bng.p4 each of ONOS's BNG counter types is (all seven exist), and
 * which of them a pipeline has: bng-access has the upstream ones and control, bng-forward the
 * downstream ones. A counter's index is the line id; cell 0 counts what no line had (control
 * frames of lines not provisioned yet, data of unknown lines).
 */
final class BngCounters {

    /** The cell of frames that belong to no provisioned line. */
    static final long NO_LINE = 0;

    static final Map<BngCounterType, PiCounterId> ALL = ImmutableMap.<BngCounterType, PiCounterId>builder()
            .put(BngCounterType.UPSTREAM_RX, SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_RX)
            .put(BngCounterType.UPSTREAM_TX, SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_TX)
            .put(BngCounterType.UPSTREAM_DROPPED, SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_DROPPED)
            .put(BngCounterType.CONTROL_PLANE, SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_CONTROL)
            .put(BngCounterType.DOWNSTREAM_RX, SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_RX)
            .put(BngCounterType.DOWNSTREAM_TX, SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_TX)
            .put(BngCounterType.DOWNSTREAM_DROPPED, SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_DROPPED)
            .build();

    private BngCounters() {
    }

    /**
     * Returns the counter types a pipeline has, with their counters.
     *
     * @param model the pipeline
     * @return type to counter, in the enum's order
     */
    static Map<BngCounterType, PiCounterId> supported(PiPipelineModel model) {
        Map<BngCounterType, PiCounterId> supported = new EnumMap<>(BngCounterType.class);
        ALL.forEach((type, counter) -> {
            if (model.counter(counter).isPresent()) {
                supported.put(type, counter);
            }
        });
        return supported;
    }

    /**
     * Returns a line's cell of a counter.
     *
     * @param counter the counter
     * @param lineId  the line (1..BNG_LINES), or NO_LINE
     * @return the cell
     */
    static PiCounterCellId cell(PiCounterId counter, long lineId) {
        return PiCounterCellId.ofIndirect(counter, lineId);
    }
}
