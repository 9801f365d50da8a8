// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.runtime.PiTableEntry;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketOut;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one device's pipeline needs translated, in one place: flow rules to table entries,
 * groups to PRE entries, packets both ways through the pipeconf's interpreter, counters.
 */
public final class PipelineTranslator {

    private final PiPipeconf pipeconf;
    private final PiPipelineInterpreter interpreter;
    private final P4InfoIndex p4Info;
    private final FlowRuleTranslator flowRules;
    private final GroupTranslator groups;
    private final TableEntryCodec tableEntries;
    private final PacketCodec packets;
    private final CounterCodec counters;

    /**
     * Creates the translator of a pipeline.
     *
     * @param pipeconf    the pipeconf
     * @param interpreter its interpreter, bound to the device, or null if it has none
     * @throws TranslationException if the pipeconf's P4Info cannot be read
     */
    public PipelineTranslator(PiPipeconf pipeconf, PiPipelineInterpreter interpreter) throws TranslationException {
        this.pipeconf = pipeconf;
        this.interpreter = interpreter;
        this.p4Info = P4InfoIndex.of(pipeconf);
        this.flowRules = new FlowRuleTranslator(pipeconf.pipelineModel(), interpreter);
        this.groups = new GroupTranslator(interpreter);
        this.tableEntries = new TableEntryCodec(p4Info);
        this.packets = new PacketCodec(p4Info);
        this.counters = new CounterCodec(p4Info);
    }

    /** The pipeconf translated for. */
    public PiPipeconf pipeconf() {
        return pipeconf;
    }

    /** The pipeline's P4Info ids. */
    public P4InfoIndex p4Info() {
        return p4Info;
    }

    /** The table entry codec (also for decoding reads). */
    public TableEntryCodec tableEntries() {
        return tableEntries;
    }

    /** The counter codec. */
    public CounterCodec counters() {
        return counters;
    }

    /**
     * Translates a flow rule to its PI table entry.
     *
     * @param rule the rule
     * @return the entry
     * @throws TranslationException naming what the pipeline cannot take
     */
    public PiTableEntry tableEntry(FlowRule rule) throws TranslationException {
        return flowRules.translate(rule);
    }

    /**
     * Translates a group to its PRE entry.
     *
     * @param group   the group
     * @param groupId its id
     * @return a multicast group or clone session
     * @throws TranslationException naming what the PRE cannot take
     */
    public PiPreEntry preEntry(GroupDescription group, int groupId) throws TranslationException {
        return groups.translate(group, groupId);
    }

    /**
     * Turns an outbound packet into packet-outs, through the interpreter.
     *
     * @param packet the packet
     * @return one packet-out per output the treatment names
     * @throws TranslationException if there is no interpreter or it refuses the packet
     */
    public List<PacketOut> packetOuts(OutboundPacket packet) throws TranslationException {
        if (interpreter == null) {
            throw new TranslationException("Pipeconf " + pipeconf.id() + " has no interpreter for packet-outs");
        }
        List<PacketOut> messages = new ArrayList<>();
        try {
            for (PiPacketOperation operation : interpreter.mapOutboundPacket(packet)) {
                messages.add(packets.encode(operation));
            }
        } catch (PiPipelineInterpreter.PiInterpreterException e) {
            throw new TranslationException("The interpreter cannot map packet-out to " + packet.sendThrough() + ": "
                                                   + e.getMessage(), e);
        }
        return messages;
    }

    /**
     * Turns a packet-in into an inbound packet, through the interpreter.
     *
     * @param message  the packet-in
     * @param deviceId the device it came from
     * @return the inbound packet
     * @throws TranslationException if there is no interpreter or it refuses the packet
     */
    public InboundPacket inbound(PacketIn message, DeviceId deviceId) throws TranslationException {
        if (interpreter == null) {
            throw new TranslationException("Pipeconf " + pipeconf.id() + " has no interpreter for packet-ins");
        }
        try {
            return interpreter.mapInboundPacket(packets.decode(message), deviceId);
        } catch (PiPipelineInterpreter.PiInterpreterException e) {
            throw new TranslationException("The interpreter cannot map a packet-in from " + deviceId + ": "
                                                   + e.getMessage(), e);
        }
    }
}
