// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PipeconfCapabilities;
import org.sixflow.pipeconf.PuntReason;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Arrays;
import java.util.Optional;

import static org.onosproject.net.flow.instructions.Instruction.Type.OUTPUT;
import static org.sixflow.pipeconf.P4InfoConstants.EGRESS_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.EGRESS_PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ICMP_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.INGRESS_LINE;
import static org.sixflow.pipeconf.P4InfoConstants.INGRESS_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PUNT_REASON;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ALLOW;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;

/**
 * Maps ONOS's protocol-independent packet and flow abstractions onto the Sixflow pipeline.
 *
 * <p>Core ONOS apps (LLDP discovery, host provider) speak in criteria and treatments; this
 * class translates them for the ACL table and carries packet-in/out metadata. Subclasses only
 * supply the target's CPU port.
 */
public abstract class SixflowInterpreter extends AbstractHandlerBehaviour implements PiPipelineInterpreter {

    private static final int ETHERNET_HEADER_BYTES = 14;

    // Flow rules of core apps go to the acl table (mapFlowRuleTableId), so a criterion maps only
    // to one of acl's keys: ONOS would otherwise translate it into a key the table does not have.
    // IPV6_DST is not one of them (acl matches ports, MACs, EtherType, protocol, ICMP type, L4 port).
    private static final Map<Criterion.Type, PiMatchFieldId> CRITERIA = ImmutableMap.<Criterion.Type, PiMatchFieldId>builder()
            .put(Criterion.Type.IN_PORT, HDR_IG_PORT)
            .put(Criterion.Type.ETH_DST, HDR_ETH_DST)
            .put(Criterion.Type.ETH_TYPE, HDR_ETH_TYPE)
            .put(Criterion.Type.IP_PROTO, HDR_IP_PROTO)
            .put(Criterion.Type.ICMPV6_TYPE, HDR_ICMP_TYPE)
            .put(Criterion.Type.TCP_DST, HDR_L4_DPORT)
            .put(Criterion.Type.UDP_DST, HDR_L4_DPORT)
            .build();

    /**
     * Returns the data-plane port number of the target's CPU port.
     *
     * @return the CPU port
     */
    protected abstract int cpuPort();

    @Override
    public Optional<PiMatchFieldId> mapCriterionType(Criterion.Type type) {
        return Optional.ofNullable(CRITERIA.get(type));
    }

    @Override
    public Optional<PiTableId> mapFlowRuleTableId(int flowRuleTableId) {
        // Flow rules from core apps carry table 0: they are ACL entries here.
        return flowRuleTableId == 0 ? Optional.of(SIXFLOW_INGRESS_ACL_ACL) : Optional.empty();
    }

    @Override
    public PiAction mapTreatment(TrafficTreatment treatment, PiTableId tableId) throws PiInterpreterException {
        if (!SIXFLOW_INGRESS_ACL_ACL.equals(tableId)) {
            throw new PiInterpreterException("Treatments can only be mapped for table " + SIXFLOW_INGRESS_ACL_ACL
                                                     + ", not " + tableId);
        }
        // An empty treatment arrives holding a NOACTION instruction: both mean drop.
        List<Instruction> instructions = treatment.allInstructions().stream()
                .filter(instruction -> instruction.type() != Instruction.Type.NOACTION)
                .collect(ImmutableList.toImmutableList());
        if (instructions.isEmpty()) {
            return PiAction.builder().withId(SIXFLOW_INGRESS_ACL_DROP).build();
        }
        if (instructions.size() == 1 && instructions.get(0).type() == OUTPUT) {
            PortNumber port = ((OutputInstruction) instructions.get(0)).port();
            if (PortNumber.CONTROLLER.equals(port)) {
                return PiAction.builder().withId(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU).build();
            }
            if (PortNumber.NORMAL.equals(port) || PortNumber.TABLE.equals(port)) {
                return PiAction.builder().withId(SIXFLOW_INGRESS_ACL_ALLOW).build();
            }
        }
        throw new PiInterpreterException("ACL supports only drop, output to CONTROLLER or NORMAL; got " + treatment);
    }

    @Override
    public Collection<PiPacketOperation> mapOutboundPacket(OutboundPacket packet) throws PiInterpreterException {
        TrafficTreatment treatment = packet.treatment();
        ImmutableList.Builder<PiPacketOperation> operations = ImmutableList.builder();
        for (Instruction instruction : treatment.allInstructions()) {
            if (instruction.type() != OUTPUT) {
                throw new PiInterpreterException("Packet-out supports only OUTPUT instructions; got " + instruction);
            }
            PortNumber port = ((OutputInstruction) instruction).port();
            if (PortNumber.FLOOD.equals(port)) {
                for (Port devicePort : floodPorts(packet.sendThrough())) {
                    operations.add(packetOut(packet.data(), devicePort.number().toLong()));
                }
            } else if (PortNumber.TABLE.equals(port)) {
                // Through the pipeline, as received: sent to the recirculation port, which brings it
                // back into the ingress (how the controller reaches what only the pipeline knows the
                // way to, such as a UE behind its tunnel).
                operations.add(packetOut(packet.data(), recirculationPort(packet.sendThrough())));
            } else if (port.isLogical()) {
                throw new PiInterpreterException("Packet-out to logical port " + port + " is not supported");
            } else {
                operations.add(packetOut(packet.data(), port.toLong()));
            }
        }
        return operations.build();
    }

    @Override
    public InboundPacket mapInboundPacket(PiPacketOperation packetIn, DeviceId deviceId)
            throws PiInterpreterException {
        Optional<PiPacketMetadata> ingressPort = packetIn.metadatas().stream()
                .filter(metadata -> INGRESS_PORT.equals(metadata.id()))
                .findFirst();
        if (ingressPort.isEmpty()) {
            throw new PiInterpreterException("Packet-in from " + deviceId + " lacks metadata " + INGRESS_PORT);
        }
        byte[] data = packetIn.data().asArray();
        Ethernet ethernet = parse(data, deviceId);
        long port = toLong(ingressPort.get().value());
        ConnectPoint receivedFrom = new ConnectPoint(deviceId, PortNumber.portNumber(port));
        // Why it came up (routing's punts for ICMPv6 answers), for the app's processors.
        long reason = packetIn.metadatas().stream().filter(metadata -> PUNT_REASON.equals(metadata.id()))
                .findFirst().map(metadata -> toLong(metadata.value())).orElse((long) P4Defines.PUNT_ASKED);
        if (PuntReason.routed(reason)) {
            // Not the frame as received: offered raw only, so that ONOS's host provider, which
            // reads the parsed frame, learns no host from the router's own MAC.
            ethernet = null;
        }
        // The subscriber line of a BNG punt (bng-access pipelines only; 0 for no line).
        long line = packetIn.metadatas().stream().filter(metadata -> INGRESS_LINE.equals(metadata.id()))
                .findFirst().map(metadata -> toLong(metadata.value())).orElse(0L);
        return new DefaultInboundPacket(receivedFrom, ethernet, ByteBuffer.wrap(data),
                                        PuntReason.cookie(reason, line));
    }

    /**
     * The frame as ONOS's processors read it. onlab's parsers refuse, or throw unchecked from
     * inside (PPPoED's tags: a BufferUnderflowException), what a sender made malformed; such a
     * frame still comes up, parsed no further than its Ethernet header, for the processors that
     * read its raw bytes (the BNG relay counts it malformed). Lost, it would also have been an
     * uncaught error with a stack trace in ONOS's log for every frame a subscriber sent.
     */
    private static Ethernet parse(byte[] data, DeviceId deviceId) throws PiInterpreterException {
        try {
            return Ethernet.deserializer().deserialize(data, 0, data.length);
        } catch (DeserializationException | RuntimeException e) {
            if (data.length < ETHERNET_HEADER_BYTES) {
                throw new PiInterpreterException("Packet-in of " + data.length + " octets from " + deviceId
                                                         + " is shorter than an Ethernet header");
            }
            Ethernet header = new Ethernet();
            header.setDestinationMACAddress(Arrays.copyOfRange(data, 0, 6));
            header.setSourceMACAddress(Arrays.copyOfRange(data, 6, 12));
            header.setEtherType((short) ((data[12] & 0xff) << 8 | data[13] & 0xff));
            header.setPayload(new Data(Arrays.copyOfRange(data, ETHERNET_HEADER_BYTES, data.length)));
            return header;
        }
    }

    @Override
    public Optional<Integer> mapLogicalPortNumber(PortNumber port) {
        return PortNumber.CONTROLLER.equals(port) ? Optional.of(cpuPort()) : Optional.empty();
    }

    private long recirculationPort(DeviceId deviceId) throws PiInterpreterException {
        Optional<PipeconfCapabilities> capabilities = handler().get(PiPipeconfService.class).getPipeconf(deviceId)
                .flatMap(PipeconfCapabilities::of);
        if (capabilities.isEmpty() || capabilities.get().recirculationPort().isEmpty()) {
            throw new PiInterpreterException("Packet-out to TABLE needs a profile that recirculates (GTP-U); " + deviceId
                                                     + " runs " + capabilities.map(PipeconfCapabilities::toString)
                                                             .orElse("no Sixflow pipeconf"));
        }
        return capabilities.get().recirculationPort().getAsInt();
    }

    private Collection<Port> floodPorts(DeviceId deviceId) {
        DeviceService deviceService = handler().get(DeviceService.class);
        return deviceService.getPorts(deviceId).stream()
                .filter(Port::isEnabled)
                .filter(port -> !port.number().isLogical() && port.number().toLong() != cpuPort())
                .collect(ImmutableList.toImmutableList());
    }

    private static PiPacketOperation packetOut(ByteBuffer data, long port) throws PiInterpreterException {
        try {
            PiPacketMetadata egressPort = PiPacketMetadata.builder()
                    .withId(EGRESS_PORT)
                    .withValue(ImmutableByteSequence.copyFrom(port).fit(EGRESS_PORT_BITWIDTH))
                    .build();
            return PiPacketOperation.builder()
                    .withType(PiPacketOperationType.PACKET_OUT)
                    .withData(ImmutableByteSequence.copyFrom(data))
                    .withMetadata(egressPort)
                    .build();
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new PiInterpreterException("Port " + port + " does not fit " + EGRESS_PORT_BITWIDTH + " bits");
        }
    }

    private static long toLong(ImmutableByteSequence value) {
        long result = 0;
        for (byte b : value.asArray()) {
            result = (result << 8) | (b & 0xff);
        }
        return result;
    }
}
