// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.Before;
import org.onlab.util.ImmutableByteSequence;
import org.junit.Test;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.sixflow.app.testing.TestNetworkConfigService;
import org.sixflow.pipeconf.behaviour.Bmv2Interpreter;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.InterfaceProxies.proxy;
import static org.sixflow.pipeconf.P4InfoConstants.EGRESS_PORT_BITWIDTH;

/**
 * A run's probes go to the device's P4Runtime client, mapped by the device's interpreter, when
 * this instance masters the device; otherwise, or when anything the client needs is missing,
 * through ONOS's packet service.
 */
public class DirectPacketOutsTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:wuhan");

    private final List<Object[]> sent = new ArrayList<>();
    private final List<OutboundPacket> emitted = new ArrayList<>();
    private final PiPipeconf pipeconf = BundledPipeconfs.bmv2();
    private final TestNetworkConfigService netcfg = new TestNetworkConfigService();
    private MastershipRole role = MastershipRole.MASTER;
    private Optional<PiPipeconf> bound = Optional.of(pipeconf);

    private DirectPacketOuts packetOuts;

    @Before
    public void setUp() {
        netcfg.registerConfigFactory(new ConfigFactory<DeviceId, BasicDeviceConfig>(
                SubjectFactories.DEVICE_SUBJECT_FACTORY, BasicDeviceConfig.class, "basic") {
            @Override
            public BasicDeviceConfig createConfig() {
                return new BasicDeviceConfig();
            }
        });
        netcfg.applyConfig(DEVICE, BasicDeviceConfig.class,
                           netcfg.json("{\"managementAddress\": \"grpc://127.0.0.1:50002?device_id=7\"}"));
        P4RuntimeClient client = proxy(P4RuntimeClient.class, (m, a) -> {
            if (m.equals("packetOut")) {
                sent.add(a);
            }
            return null;
        });
        P4RuntimeController controller = proxy(P4RuntimeController.class,
                                               (m, a) -> m.equals("get") && DEVICE.equals(a[0]) ? client : null);
        PiPipelineInterpreter interpreter = new Bmv2Interpreter();
        Device device = proxy(Device.class, (m, a) -> {
            switch (m) {
                case "is":
                    return a[0] == PiPipelineInterpreter.class;
                case "as":
                    return interpreter;
                case "id":
                    return DEVICE;
                default:
                    return null;
            }
        });
        PiPipeconfService pipeconfs = proxy(PiPipeconfService.class,
                                            (m, a) -> m.equals("getPipeconf") ? bound : null);
        packetOuts = new DirectPacketOuts(controller, netcfg, pipeconfs, new DeviceServiceAdapter() {
            @Override
            public Device getDevice(DeviceId deviceId) {
                return DEVICE.equals(deviceId) ? device : null;
            }
        }, new MastershipServiceAdapter() {
            @Override
            public MastershipRole getLocalRole(DeviceId deviceId) {
                return role;
            }
        }, new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        });
    }

    private static OutboundPacket probe(DeviceId device) {
        return new DefaultOutboundPacket(device, DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2))
                .build(), ByteBuffer.wrap(new byte[64]));
    }

    @Test
    public void theMastersProbesGoToTheDevicesClientWithItsP4RuntimeIdAndPipeconf() throws Exception {
        Consumer<OutboundPacket> sender = packetOuts.open(DEVICE);
        sender.accept(probe(DEVICE));
        sender.accept(probe(DEVICE));
        assertEquals(2, sent.size());
        assertTrue(emitted.isEmpty());
        Object[] call = sent.get(0);
        assertEquals(7L, call[0]);
        PiPacketOperation operation = (PiPacketOperation) call[1];
        assertEquals(PiPacketOperationType.PACKET_OUT, operation.type());
        assertEquals(ImmutableByteSequence.copyFrom(2L).fit(EGRESS_PORT_BITWIDTH),
                     operation.metadatas().iterator().next().value());
        assertEquals(64, operation.data().size());
        assertEquals(pipeconf, call[2]);
    }

    @Test
    public void anInstanceThatIsNotTheMasterSendsByThePacketService() {
        role = MastershipRole.STANDBY;
        packetOuts.open(DEVICE).accept(probe(DEVICE));
        assertEquals(1, emitted.size());
        assertTrue(sent.isEmpty());
    }

    @Test
    public void aDeviceWithoutClientAddressOrPipeconfSendsByThePacketService() {
        DeviceId other = DeviceId.deviceId("device:nanjing");
        packetOuts.open(other).accept(probe(other));
        netcfg.applyConfig(DEVICE, BasicDeviceConfig.class, netcfg.json("{\"managementAddress\": \"grpc://x:1\"}"));
        packetOuts.open(DEVICE).accept(probe(DEVICE));
        netcfg.applyConfig(DEVICE, BasicDeviceConfig.class,
                           netcfg.json("{\"managementAddress\": \"grpc://127.0.0.1:50002?device_id=7\"}"));
        bound = Optional.empty();
        packetOuts.open(DEVICE).accept(probe(DEVICE));
        assertEquals(3, emitted.size());
        assertTrue(sent.isEmpty());
    }

    @Test(expected = IllegalStateException.class)
    public void aProbeTheInterpreterRefusesEndsTheRun() {
        packetOuts.open(DEVICE).accept(new DefaultOutboundPacket(DEVICE, DefaultTrafficTreatment.builder()
                .setOutput(PortNumber.portNumber(4096)).build(), ByteBuffer.wrap(new byte[64])));
    }
}
