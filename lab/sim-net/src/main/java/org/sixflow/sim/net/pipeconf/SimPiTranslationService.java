// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.pipeconf;

import org.onosproject.net.pi.service.PiFlowRuleTranslator;
import org.onosproject.net.pi.service.PiGroupTranslator;
import org.onosproject.net.pi.service.PiMeterTranslator;
import org.onosproject.net.pi.service.PiReplicationGroupTranslator;
import org.onosproject.net.pi.service.PiTranslationService;

/**
 * ONOS's PI translation service, which the simulation has no use for: its switches hold flow
 * rules, groups and meters as ONOS's services store them, never translated to P4Runtime
 * entities. It exists because ONOS's P4Runtime handler behaviours (the pipeconf's
 * BngProgrammable among them) look it up when they are set up
 * (AbstractP4RuntimeHandlerBehaviour.setupBehaviour), whether they translate or not; each
 * translator it would give throws UnsupportedOperationException.
 */
public final class SimPiTranslationService implements PiTranslationService {

    @Override
    public PiFlowRuleTranslator flowRuleTranslator() {
        throw notSimulated("flow rules");
    }

    @Override
    public PiGroupTranslator groupTranslator() {
        throw notSimulated("groups");
    }

    @Override
    public PiMeterTranslator meterTranslator() {
        throw notSimulated("meters");
    }

    @Override
    public PiReplicationGroupTranslator replicationGroupTranslator() {
        throw notSimulated("replication groups");
    }

    private static UnsupportedOperationException notSimulated(String what) {
        return new UnsupportedOperationException("PI translation of " + what + " is not simulated");
    }
}
