// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv6;
import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.pipeconf.CpuPorts;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.PuntReason;
import org.sixflow.pipeconf.RecirculationPorts;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Packet-in/out metadata and the ACL mappings core ONOS apps rely on.
 */
public class SixflowInterpreterTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:beijing");
    private final SixflowInterpreter interpreter = new Bmv2Interpreter();

    private static byte[] ipv6Frame() {
        IPv6 ipv6 = new IPv6();
        ipv6.setSourceAddress(new byte[16]);
        ipv6.setDestinationAddress(new byte[16]);
        ipv6.setHopLimit((byte) 64);
        ipv6.setNextHeader((byte) 59);
        Ethernet ethernet = new Ethernet();
        ethernet.setSourceMACAddress(MacAddress.valueOf("00:00:00:00:00:01"));
        ethernet.setDestinationMACAddress(MacAddress.valueOf("00:aa:00:00:00:01"));
        ethernet.setEtherType(Ethernet.TYPE_IPV6);
        ethernet.setPayload(ipv6);
        return ethernet.serialize();
    }

    @Test
    public void packetOutCarriesTheEgressPortIn9Bits() throws Exception {
        Collection<PiPacketOperation> operations = interpreter.mapOutboundPacket(new DefaultOutboundPacket(
                DEVICE, DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build(),
                ByteBuffer.wrap(ipv6Frame())));
        assertEquals(1, operations.size());
        PiPacketOperation out = operations.iterator().next();
        assertEquals(PiPacketOperationType.PACKET_OUT, out.type());
        PiPacketMetadata port = out.metadatas().iterator().next();
        assertEquals(P4InfoConstants.EGRESS_PORT, port.id());
        assertEquals(ImmutableByteSequence.copyFrom(3L).fit(P4InfoConstants.EGRESS_PORT_BITWIDTH), port.value());
    }

    @Test(expected = PiInterpreterException.class)
    public void packetOutToAPortBeyond9BitsIsRefused() throws Exception {
        interpreter.mapOutboundPacket(new DefaultOutboundPacket(
                DEVICE, DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(512)).build(),
                ByteBuffer.wrap(ipv6Frame())));
    }

    @Test
    public void packetOutToTableGoesToTheRecirculationPortOfAProfileThatHasOne() throws Exception {
        interpreter.setHandler(handlerRunning(Optional.of(BundledPipeconfs.bmv2("gtpu"))));
        Collection<PiPacketOperation> operations = interpreter.mapOutboundPacket(new DefaultOutboundPacket(
                DEVICE, DefaultTrafficTreatment.builder().setOutput(PortNumber.TABLE).build(),
                ByteBuffer.wrap(ipv6Frame())));
        assertEquals(1, operations.size());
        PiPacketMetadata port = operations.iterator().next().metadatas().iterator().next();
        assertEquals(ImmutableByteSequence.copyFrom((long) RecirculationPorts.BMV2).fit(P4InfoConstants.EGRESS_PORT_BITWIDTH),
                     port.value());
    }

    @Test
    public void packetOutToTableIsRefusedWhereNothingGoesRound() {
        for (Optional<PiPipeconf> running : List.of(Optional.of(BundledPipeconfs.bmv2("core")), Optional.<PiPipeconf>empty())) {
            SixflowInterpreter fresh = new Bmv2Interpreter();
            fresh.setHandler(handlerRunning(running));
            try {
                fresh.mapOutboundPacket(new DefaultOutboundPacket(
                        DEVICE, DefaultTrafficTreatment.builder().setOutput(PortNumber.TABLE).build(),
                        ByteBuffer.wrap(ipv6Frame())));
                fail("a packet-out to TABLE was mapped for " + running);
            } catch (PiInterpreterException e) {
                assertTrue(e.getMessage(), e.getMessage().contains(DEVICE.toString()));
                assertTrue(e.getMessage(), e.getMessage().contains("TABLE"));
            }
        }
    }

    /** A handler whose pipeconf service says the device runs this pipeconf. */
    private static DriverHandler handlerRunning(Optional<PiPipeconf> pipeconf) {
        PiPipeconfService pipeconfs = (PiPipeconfService) Proxy.newProxyInstance(
                PiPipeconfService.class.getClassLoader(), new Class<?>[]{PiPipeconfService.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getPipeconf") && args[0] instanceof DeviceId) {
                        return args[0].equals(DEVICE) ? pipeconf : Optional.empty();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return (DriverHandler) Proxy.newProxyInstance(
                DriverHandler.class.getClassLoader(), new Class<?>[]{DriverHandler.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("get") && args[0] == PiPipeconfService.class) {
                        return pipeconfs;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    public void packetInTellsWhereThePacketCameFrom() throws Exception {
        byte[] frame = ipv6Frame();
        PiPacketOperation in = PiPacketOperation.builder()
                .withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(frame))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                .build();
        InboundPacket packet = interpreter.mapInboundPacket(in, DEVICE);
        assertEquals(PortNumber.portNumber(7), packet.receivedFrom().port());
        assertEquals(DEVICE, packet.receivedFrom().deviceId());
        assertEquals(Ethernet.TYPE_IPV6, packet.parsed().getEtherType());
    }

    @Test
    public void aFrameRoutingRewroteComesUpUnparsedSoNothingLearnsFromIt() throws Exception {
        for (int reason : new int[] {P4Defines.PUNT_NPTV6_SOURCE, P4Defines.PUNT_OUT_OF_SCOPE,
                                     P4Defines.PUNT_NPTV6_DESTINATION}) {
            PiPacketOperation in = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                    .withData(ImmutableByteSequence.copyFrom(ipv6Frame()))
                    .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.PUNT_REASON)
                                          .withValue(ImmutableByteSequence.copyFrom((byte) reason)).build())
                    .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                          .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                    .build();
            InboundPacket packet = interpreter.mapInboundPacket(in, DEVICE);
            assertEquals(reason, PuntReason.of(packet));
            byte[] raw = new byte[packet.unparsed().remaining()];
            packet.unparsed().duplicate().get(raw);
            assertArrayEquals(ipv6Frame(), raw);
            if (reason != P4Defines.PUNT_NPTV6_DESTINATION) {
                assertNull("punted after routing: its MACs are the next hop's", packet.parsed());
            } else {
                assertNotNull("punted as it came", packet.parsed());
            }
        }
    }

    @Test
    public void packetInCarriesItsPuntReasonInTheCookie() throws Exception {
        PiPacketOperation in = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(ipv6Frame()))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.PUNT_REASON)
                                      .withValue(ImmutableByteSequence.copyFrom((byte) 2)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                .build();
        InboundPacket packet = interpreter.mapInboundPacket(in, DEVICE);
        assertEquals(java.util.Optional.of(2L), packet.cookie());
        assertEquals(P4Defines.PUNT_NO_ROUTE, PuntReason.of(packet));
        assertEquals("a pipeline without ingress_line: no line", 0, PuntReason.line(packet));

        PiPacketOperation asked = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(ipv6Frame()))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.PUNT_REASON)
                                      .withValue(ImmutableByteSequence.copyFrom((byte) 0)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                .build();
        assertEquals("what the controller asked for carries no cookie", java.util.Optional.empty(),
                     interpreter.mapInboundPacket(asked, DEVICE).cookie());
        assertEquals(P4Defines.PUNT_ASKED, PuntReason.of(interpreter.mapInboundPacket(asked, DEVICE)));
    }

    @Test
    public void packetInOfABngLineCarriesTheLineInTheCookie() throws Exception {
        PiPacketOperation in = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(ipv6Frame()))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.PUNT_REASON)
                                      .withValue(ImmutableByteSequence.copyFrom((byte) 0)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_LINE)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 8192)).build())
                .build();
        InboundPacket packet = interpreter.mapInboundPacket(in, DEVICE);
        assertEquals(8192, PuntReason.line(packet));
        assertEquals(P4Defines.PUNT_ASKED, PuntReason.of(packet));
        assertEquals(java.util.Optional.of(8192L << 16), packet.cookie());

        PiPacketOperation noRoute = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(ipv6Frame()))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.PUNT_REASON)
                                      .withValue(ImmutableByteSequence.copyFrom((byte) 2)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 7)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_LINE)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 3)).build())
                .build();
        InboundPacket both = interpreter.mapInboundPacket(noRoute, DEVICE);
        assertEquals(3, PuntReason.line(both));
        assertEquals(P4Defines.PUNT_NO_ROUTE, PuntReason.of(both));
    }

    @Test
    public void aFrameOnlabCannotParseStillComesUpWithItsBytes() throws Exception {
        // A PADI (S-tag 100, C-tag 10) whose Service-Name tag runs past PPPoE's length: onlab's
        // PPPoED parser throws BufferUnderflowException from inside Ethernet's deserializer.
        byte[] padi = hex("ffffffffffff5254005f0001" + "88a80064" + "8100000a" + "8863"
                                  + "110900000008" + "010100200000");
        PiPacketOperation in = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(padi))
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_PORT)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 1)).build())
                .withMetadata(PiPacketMetadata.builder().withId(P4InfoConstants.INGRESS_LINE)
                                      .withValue(ImmutableByteSequence.copyFrom((short) 5)).build())
                .build();
        InboundPacket packet = interpreter.mapInboundPacket(in, DEVICE);
        byte[] raw = new byte[packet.unparsed().remaining()];
        packet.unparsed().duplicate().get(raw);
        org.junit.Assert.assertArrayEquals(padi, raw);
        assertEquals((short) 0x88a8, packet.parsed().getEtherType());
        assertEquals("52:54:00:5F:00:01", packet.parsed().getSourceMAC().toString());
        assertEquals(5, PuntReason.line(packet));
    }

    @Test(expected = PiInterpreterException.class)
    public void aPacketInShorterThanAnEthernetHeaderIsRefused() throws Exception {
        interpreter.mapInboundPacket(PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                                             .withData(ImmutableByteSequence.copyFrom(new byte[13]))
                                             .withMetadata(PiPacketMetadata.builder()
                                                                   .withId(P4InfoConstants.INGRESS_PORT)
                                                                   .withValue(ImmutableByteSequence.copyFrom((short) 1))
                                                                   .build()).build(), DEVICE);
    }

    private static byte[] hex(String text) {
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    @Test(expected = PiInterpreterException.class)
    public void packetInWithoutIngressPortIsRefused() throws Exception {
        interpreter.mapInboundPacket(PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_IN)
                                             .withData(ImmutableByteSequence.copyFrom(ipv6Frame())).build(), DEVICE);
    }

    @Test
    public void aclTreatments() throws Exception {
        PiAction punt = interpreter.mapTreatment(DefaultTrafficTreatment.builder().punt().build(),
                                                 P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL);
        assertEquals(P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, punt.id());
        PiAction drop = interpreter.mapTreatment(DefaultTrafficTreatment.emptyTreatment(),
                                                 P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL);
        assertEquals(P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP, drop.id());
    }

    @Test(expected = PiInterpreterException.class)
    public void treatmentsForOtherTablesAreRefused() throws Exception {
        interpreter.mapTreatment(DefaultTrafficTreatment.builder().punt().build(),
                                 P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6);
    }

    @Test
    public void criteriaAndTablesMapToP4Names() {
        assertEquals(Optional.of(P4InfoConstants.HDR_ETH_TYPE), interpreter.mapCriterionType(Criterion.Type.ETH_TYPE));
        assertEquals(Optional.of(P4InfoConstants.HDR_L4_DPORT), interpreter.mapCriterionType(Criterion.Type.UDP_DST));
        assertFalse(interpreter.mapCriterionType(Criterion.Type.MPLS_LABEL).isPresent());
        assertEquals(Optional.of(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL), interpreter.mapFlowRuleTableId(0));
        assertFalse(interpreter.mapFlowRuleTableId(1).isPresent());
    }

    @Test
    public void everyMappedCriterionIsAKeyOfTheAclTableOnBothTargets() {
        // Core apps' flow rules land in acl (table 0): a criterion mapped to a field acl lacks
        // would be translated into a key the table does not have.
        for (PiPipeconf pipeconf : List.of(BundledPipeconfs.bmv2(), BundledPipeconfs.tofino())) {
            PiTableModel acl = pipeconf.pipelineModel().table(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL).orElseThrow();
            for (Criterion.Type type : Criterion.Type.values()) {
                interpreter.mapCriterionType(type).ifPresent(field -> assertTrue(
                        pipeconf.id() + ": " + type + " maps to " + field + ", which acl has no key for",
                        acl.matchField(field).isPresent()));
            }
        }
        assertFalse("acl has no ipv6_dst key", interpreter.mapCriterionType(Criterion.Type.IPV6_DST).isPresent());
    }

    @Test
    public void controllerPortIsTheTargetCpuPort() {
        assertEquals(Optional.of(CpuPorts.BMV2), interpreter.mapLogicalPortNumber(PortNumber.CONTROLLER));
        assertEquals(Optional.of(CpuPorts.TOFINO), new TofinoInterpreter().mapLogicalPortNumber(PortNumber.CONTROLLER));
    }
}
