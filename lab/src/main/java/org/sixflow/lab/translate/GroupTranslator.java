// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.flow.instructions.Instructions.TruncateInstruction;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.runtime.PiCloneSessionEntry;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ALL and CLONE groups to packet replication engine entries, after ONOS 2.7's
 * PiReplicationGroupTranslatorImpl (which serves both; ONOS has no separate clone-session
 * translator): each bucket holds exactly one OUTPUT (CLONE buckets may add one TRUNCATE, the same
 * in every bucket); ALL becomes a multicast group, CLONE a clone session, both with the group's
 * id; logical ports (CONTROLLER) go through the interpreter; several buckets to one port get
 * instances 0, 1, ... .
 *
 * <p>Difference: replicas keep the buckets' order (ONOS collects them into a hash set), so the
 * entry written, and the instance numbers, are the same on every run.
 */
public final class GroupTranslator {

    private final PiPipelineInterpreter interpreter;

    /**
     * Creates a translator.
     *
     * @param interpreter the pipeline's interpreter, or null (then logical ports are refused)
     */
    public GroupTranslator(PiPipelineInterpreter interpreter) {
        this.interpreter = interpreter;
    }

    /**
     * Translates a group.
     *
     * @param group   the group
     * @param groupId its id (the description's given id, or one the group service chose)
     * @return a PiMulticastGroupEntry or a PiCloneSessionEntry
     * @throws TranslationException naming what the PRE cannot take
     */
    public PiPreEntry translate(GroupDescription group, int groupId) throws TranslationException {
        List<PortNumber> ports = new ArrayList<>();
        int truncate = PiCloneSessionEntry.DO_NOT_TRUNCATE;
        boolean first = true;
        for (GroupBucket bucket : group.buckets().buckets()) {
            List<Instruction> instructions = bucket.treatment().allInstructions();
            List<OutputInstruction> outputs = new ArrayList<>();
            int bucketTruncate = PiCloneSessionEntry.DO_NOT_TRUNCATE;
            for (Instruction instruction : instructions) {
                if (instruction.type() == Instruction.Type.OUTPUT) {
                    outputs.add((OutputInstruction) instruction);
                } else if (instruction.type() == Instruction.Type.TRUNCATE
                        && group.type() == GroupDescription.Type.CLONE
                        && bucketTruncate == PiCloneSessionEntry.DO_NOT_TRUNCATE) {
                    bucketTruncate = ((TruncateInstruction) instruction).maxLen();
                } else {
                    throw new TranslationException("Group " + groupId + " of " + group.deviceId()
                                                           + ": unsupported bucket instruction " + instruction);
                }
            }
            if (outputs.size() != 1) {
                throw new TranslationException("Group " + groupId + " of " + group.deviceId()
                                                       + ": each bucket needs exactly one OUTPUT, not " + outputs.size());
            }
            if (!first && bucketTruncate != truncate) {
                throw new TranslationException("Group " + groupId + " of " + group.deviceId()
                                                       + ": every bucket of a CLONE group must truncate the same");
            }
            truncate = bucketTruncate;
            first = false;
            ports.add(pipelinePort(outputs.get(0).port()));
        }
        List<PiPreReplica> replicas = replicas(ports);
        switch (group.type()) {
            case ALL:
                return PiMulticastGroupEntry.builder().withGroupId(groupId).addReplicas(replicas).build();
            case CLONE:
                return PiCloneSessionEntry.builder().withSessionId(groupId).addReplicas(replicas)
                        .withMaxPacketLengthBytes(truncate).build();
            default:
                throw new TranslationException("Group " + groupId + " of " + group.deviceId() + ": type "
                                                       + group.type() + " is not supported (ALL and CLONE are)");
        }
    }

    private PortNumber pipelinePort(PortNumber port) throws TranslationException {
        if (!port.isLogical()) {
            return port;
        }
        if (interpreter == null) {
            throw new TranslationException("No interpreter to map logical port " + port);
        }
        return PortNumber.portNumber(interpreter.mapLogicalPortNumber(port).orElseThrow(
                () -> new TranslationException("The interpreter maps no pipeline port to " + port)));
    }

    private static List<PiPreReplica> replicas(List<PortNumber> ports) {
        Map<PortNumber, Integer> instances = new HashMap<>();
        List<PiPreReplica> replicas = new ArrayList<>();
        for (PortNumber port : ports) {
            int instance = instances.merge(port, 1, Integer::sum) - 1;
            replicas.add(new PiPreReplica(port, instance));
        }
        return replicas;
    }
}
