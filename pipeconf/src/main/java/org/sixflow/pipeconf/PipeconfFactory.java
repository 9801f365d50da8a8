// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.behaviour.BngProgrammable;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.device.PortStatisticsDiscovery;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.sixflow.pipeconf.behaviour.Bmv2Interpreter;
import org.sixflow.pipeconf.behaviour.PortCounterCells;
import org.sixflow.pipeconf.behaviour.PortCounterStatistics;
import org.sixflow.pipeconf.behaviour.TofinoInterpreter;
import org.sixflow.pipeconf.behaviour.bng.SixflowBngProgrammable;
import org.sixflow.pipeconf.pipeliner.SixflowPipeliner;

import java.net.URL;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.CPU_PORT_TXT;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.TOFINO_BIN;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.TOFINO_CONTEXT_JSON;

/**
 * Builds the Sixflow pipeconfs from their compiled artifacts, each with its interpreter and the
 * shared Pipeliner.
 */
public final class PipeconfFactory {

    private PipeconfFactory() {
    }

    /**
     * Returns a profile's bmv2 pipeconf.
     *
     * @param id        its id (SixflowPipeconfs#id)
     * @param artifacts where the bmv2 artifacts are
     * @return the pipeconf
     * @throws P4InfoParserException if the P4Info cannot be parsed
     */
    public static PiPipeconf bmv2(PiPipeconfId id, PipeconfArtifacts artifacts) throws P4InfoParserException {
        return base(id, artifacts, Bmv2Interpreter.class)
                .addExtension(BMV2_JSON, artifacts.require(SixflowPipeconfs.BMV2_JSON_FILE))
                .build();
    }

    /**
     * Returns a profile's Tofino pipeconf.
     *
     * @param id        its id (SixflowPipeconfs#id)
     * @param artifacts where the Tofino compiler's outputs are
     * @return the pipeconf
     * @throws P4InfoParserException if the P4Info cannot be parsed
     */
    public static PiPipeconf tofino(PiPipeconfId id, PipeconfArtifacts artifacts) throws P4InfoParserException {
        return base(id, artifacts, TofinoInterpreter.class)
                .addExtension(TOFINO_BIN, artifacts.require(SixflowPipeconfs.TOFINO_BIN_FILE))
                .addExtension(TOFINO_CONTEXT_JSON, artifacts.require(SixflowPipeconfs.TOFINO_CONTEXT_FILE))
                .build();
    }

    /**
     * Returns a pipeconf for a target from its artifacts.
     *
     * @param id        its id
     * @param target    the target the artifacts were compiled for
     * @param artifacts where they are
     * @return the pipeconf
     * @throws P4InfoParserException if the P4Info cannot be parsed
     */
    public static PiPipeconf of(PiPipeconfId id, PipeconfTarget target, PipeconfArtifacts artifacts)
            throws P4InfoParserException {
        return target == PipeconfTarget.BMV2 ? bmv2(id, artifacts) : tofino(id, artifacts);
    }

    private static DefaultPiPipeconf.Builder base(PiPipeconfId id, PipeconfArtifacts artifacts,
                                                  Class<? extends PiPipelineInterpreter> interpreter)
            throws P4InfoParserException {
        checkNotNull(id);
        checkNotNull(artifacts);
        URL p4Info = artifacts.require(SixflowPipeconfs.P4INFO_FILE);
        PiPipelineModel model = P4InfoParser.parse(p4Info);
        DefaultPiPipeconf.Builder builder = DefaultPiPipeconf.builder()
                .withId(id)
                .withPipelineModel(model)
                .addBehaviour(PiPipelineInterpreter.class, interpreter)
                // Without a Pipeliner, packet requests (LLDP, ARP, NDP) are never installed.
                .addBehaviour(Pipeliner.class, SixflowPipeliner.class)
                .addExtension(P4_INFO_TEXT, p4Info)
                .addExtension(CPU_PORT_TXT, artifacts.require(SixflowPipeconfs.CPU_PORT_FILE));
        if (hasBng(model)) {
            builder.addBehaviour(BngProgrammable.class, SixflowBngProgrammable.class);
        }
        if (PortCounterCells.counted(model)) {
            builder.addBehaviour(PortStatisticsDiscovery.class, PortCounterStatistics.class);
        }
        return builder;
    }

    /**
     * Returns whether a pipeline has either half of the BNG (profiles bng, bng-access, bng-forward).
     *
     * @param model the pipeline
     * @return whether ONOS's BngProgrammable applies to it
     */
    static boolean hasBng(PiPipelineModel model) {
        return model.table(P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP).isPresent()
                || model.table(P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION).isPresent();
    }
}
