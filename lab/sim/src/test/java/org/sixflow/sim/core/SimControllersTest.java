// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;
import org.sixflow.sim.core.fixtures.P4RuntimeBehaviour;
import org.sixflow.sim.p4runtime.Pipeconfs;
import org.sixflow.sim.p4runtime.SimP4RuntimeClient;

import java.net.URI;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the P4Runtime controller, whose clients are simulated switches, and the gRPC one, which has none. */
public class SimControllersTest {

    @Test
    public void p4RuntimeHasNoClients() {
        SimP4RuntimeController controller = new SimP4RuntimeController();
        DeviceId device = DeviceId.deviceId("device:r1");
        assertFalse(controller.create(device, null));
        assertNull(controller.get(device));
        controller.remove(device);
        controller.addListener(event -> { });
    }

    @Test
    public void p4RuntimeServesSimulatedSwitchesOnly() {
        SimP4RuntimeController controller = new SimP4RuntimeController();
        DeviceId switchId = DeviceId.deviceId("device:s1");
        DeviceId other = DeviceId.deviceId("device:s2");
        PiCounterId counter = PiCounterId.of("SixflowEgress.latency_packets");

        SimP4RuntimeClient client = controller.simulate(switchId);
        client.setCounterCell(PiCounterCellId.ofIndirect(counter, 5), new PiCounterCellData(8, 800));

        assertSame(client, controller.simulate(switchId));
        assertNull(controller.get(other));
        assertFalse(controller.create(other, null));
        // The app's own sequence: get, read(device_id from netcfg, pipeconf), counterCells, submitSync, all.
        P4RuntimeClient served = controller.get(switchId);
        assertSame(client, served);
        P4RuntimeReadClient.ReadResponse response = served.read(1, Pipeconfs.unused()).counterCells(counter)
                .submitSync();
        assertTrue(response.isSuccess());
        assertEquals(List.of(new PiCounterCell(PiCounterCellId.ofIndirect(counter, 5), 8, 800)),
                     List.copyOf(response.all(PiCounterCell.class)));
        try {
            controller.create(switchId, null);
            fail("the switch already has a client");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:s1"));
        }

        controller.remove(switchId);
        assertNull(controller.get(switchId));
    }

    @Test
    public void connectedSwitchesServeOnosP4RuntimeHandlerBehaviours() {
        SimP4RuntimeController controller = new SimP4RuntimeController();
        DeviceId device = DeviceId.deviceId("device:bng");
        String address = "grpc://127.0.0.1:50001?device_id=1";
        P4RuntimeBehaviour behaviour = new P4RuntimeBehaviour(device, address, controller);
        assertNull("not connected yet", behaviour.client());
        SimP4RuntimeClient client = controller.connect(device, URI.create(address));
        assertSame(client, behaviour.client());
        assertSame(client, controller.simulate(device));
        assertNull("the netcfg names another address",
                   new P4RuntimeBehaviour(device, "grpc://127.0.0.1:50002?device_id=1", controller).client());
        controller.remove(device);
        assertNull(behaviour.client());
    }

    @Test
    public void grpcOpensNoChannels() {
        SimGrpcChannelController controller = new SimGrpcChannelController();
        URI uri = URI.create("grpc://10.0.0.1:50051");
        assertTrue(controller.get(uri).isEmpty());
        try {
            controller.create(uri);
            fail("no channels");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage().contains("grpc://10.0.0.1:50051"));
        }
        controller.destroy(uri);
    }
}
