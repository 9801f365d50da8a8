// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flowobjective.NextObjective;

import java.util.List;

import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.unsupported;

/**
 * Next objectives on the Sixflow pipeline: always refused with UNSUPPORTED.
 *
 * <p>Why not accept them as no-ops: a next objective promises a next id that forwarding
 * objectives can then point at, and the pipeline has no next or group tables to hold one;
 * MSR6 replication uses multicast groups that the MSR6 manager programs itself. Accepting one
 * would leave the app waiting for forwarding that never happens, and forwarding objectives
 * that name a next id are refused anyway. Nothing Sixflow runs with sends them.
 */
final class NextObjectiveTranslator {

    /**
     * Refuses a next objective.
     *
     * @param objective the objective
     * @return never returns
     * @throws ObjectiveRefusedException always, UNSUPPORTED
     */
    List<FlowRule> translate(NextObjective objective) throws ObjectiveRefusedException {
        throw unsupported("next objectives: the Sixflow pipeline has no next tables (" + objective.type() + " next "
                                  + objective.id() + ")");
    }
}
