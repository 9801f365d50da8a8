// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flowobjective.FilteringObjective;

import java.util.List;

import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.unsupported;

/**
 * Filtering objectives on the Sixflow pipeline: always refused with UNSUPPORTED.
 *
 * <p>Why not accept them as no-ops: the pipeline has no ingress filtering stage. Every port
 * admits every frame, routing_v6 decides what is forwarded and non-IPv6 frames are dropped
 * unless the acl table punts them. A PERMIT accepted as a no-op would tell the app that only
 * the traffic it named gets in, which is false; a DENY would need acl drop entries the app did
 * not ask for in that form. Nothing Sixflow runs with sends them: the LLDP and host providers
 * use packet requests (forwarding objectives), and Sixflow's managers program their tables
 * directly. The apps that do send them (segment routing, vRouter, DHCP relay) expect a fabric
 * pipeline, and a clear refusal is what they should get.
 */
final class FilteringObjectiveTranslator {

    /**
     * Refuses a filtering objective.
     *
     * @param objective the objective
     * @return never returns
     * @throws ObjectiveRefusedException always, UNSUPPORTED
     */
    List<FlowRule> translate(FilteringObjective objective) throws ObjectiveRefusedException {
        throw unsupported("filtering objectives: the Sixflow pipeline has no filtering table (" + objective.type()
                                  + " on " + objective.key() + ")");
    }
}
