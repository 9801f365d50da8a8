// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;
import org.sixflow.app.testing.TestNetworkConfigService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.sixflow.app.testing.InterfaceProxies.proxy;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_PACKETS;

/**
 * The counter read through ONOS's P4Runtime client: the P4Runtime device id from the management
 * address, the latency_packets cells by index, and failures that name the device.
 */
public class OnosPacketCounterReaderTest {

    private static final DeviceId LEAF = DeviceId.deviceId("device:leaf1");

    private final PiPipeconf bmv2 = BundledPipeconfs.bmv2();
    private final List<Object> calls = new ArrayList<>();
    private TestNetworkConfigService netcfg;
    private boolean succeed = true;

    @Before
    public void setUp() {
        netcfg = new TestNetworkConfigService();
        netcfg.registerConfigFactory(new ConfigFactory<DeviceId, BasicDeviceConfig>(
                SubjectFactories.DEVICE_SUBJECT_FACTORY, BasicDeviceConfig.class, "basic") {
            @Override
            public BasicDeviceConfig createConfig() {
                return new BasicDeviceConfig();
            }
        });
    }

    // ONOS's client is an interface of many parts; only read(...).counterCells(...).submitSync() is used.
    private P4RuntimeController controller() {
        P4RuntimeReadClient.ReadResponse response = proxy(P4RuntimeReadClient.ReadResponse.class, (m, a) -> {
            switch (m) {
                case "isSuccess":
                    return succeed;
                case "all":
                    Collection<PiCounterCell> cells = List.of(
                            new PiCounterCell(PiCounterCellId.ofIndirect(SIXFLOW_EGRESS_LATENCY_PACKETS, 514), 7, 700),
                            new PiCounterCell(PiCounterCellId.ofIndirect(SIXFLOW_EGRESS_LATENCY_PACKETS, 3), 0, 0));
                    return cells;
                case "explanation":
                    return "UNAVAILABLE: device gone";
                default:
                    return null;
            }
        });
        P4RuntimeReadClient.ReadRequest[] request = new P4RuntimeReadClient.ReadRequest[1];
        request[0] = proxy(P4RuntimeReadClient.ReadRequest.class, (m, a) -> {
            if (m.equals("counterCells") || m.equals("handles")) {
                calls.add(a[0]);
                return request[0];
            }
            return m.equals("submitSync") ? response : null;
        });
        P4RuntimeClient client = proxy(P4RuntimeClient.class, (m, a) -> {
            if (m.equals("read")) {
                calls.add(a[0]);
                calls.add(a[1]);
                return request[0];
            }
            return null;
        });
        return proxy(P4RuntimeController.class, (m, a) -> m.equals("get") && LEAF.equals(a[0]) ? client : null);
    }


    private void address(String managementAddress) {
        netcfg.applyConfig(LEAF, BasicDeviceConfig.class,
                           netcfg.json("{\"managementAddress\": \"" + managementAddress + "\"}"));
    }

    @Test
    public void readsTheCounterCellsWithTheDevicesP4RuntimeId() throws Exception {
        address("grpc://mininet:50003?device_id=3");
        Map<Integer, Long> packets = new OnosPacketCounterReader(controller(), netcfg).packets(LEAF, bmv2);
        assertEquals(Map.of(514, 7L, 3, 0L), packets);
        assertEquals(List.<Object>of(3L, bmv2, SIXFLOW_EGRESS_LATENCY_PACKETS), calls);
    }

    @Test
    public void readsOnlyTheSlotsAskedByTheirHandles() throws Exception {
        address("grpc://mininet:50003?device_id=3");
        Map<Integer, Long> packets = new OnosPacketCounterReader(controller(), netcfg)
                .packets(LEAF, bmv2, List.of(514, 3));
        assertEquals(Map.of(514, 7L, 3, 0L), packets);
        assertEquals(List.<Object>of(3L, bmv2, List.of(
                PiCounterCellHandle.of(LEAF, PiCounterCellId.ofIndirect(SIXFLOW_EGRESS_LATENCY_PACKETS, 514)),
                PiCounterCellHandle.of(LEAF, PiCounterCellId.ofIndirect(SIXFLOW_EGRESS_LATENCY_PACKETS, 3)))), calls);
        calls.clear();
        assertEquals("nothing asked, nothing read", Map.of(),
                     new OnosPacketCounterReader(controller(), netcfg).packets(LEAF, bmv2, List.of()));
        assertEquals(List.of(), calls);
    }

    @Test
    public void aFailedReadNamesTheDeviceAndTheReason() {
        address("grpc://mininet:50003?device_id=3");
        succeed = false;
        try {
            new OnosPacketCounterReader(controller(), netcfg).packets(LEAF, bmv2);
            fail("a failed read returned");
        } catch (AggregateReadException e) {
            assertEquals("Reading " + PiCounterId.of("SixflowEgress.latency_packets")
                                 + " of device:leaf1 failed: UNAVAILABLE: device gone", e.getMessage());
        }
    }

    @Test
    public void aMissingOrMalformedAddressIsNamed() {
        OnosPacketCounterReader reader = new OnosPacketCounterReader(controller(), netcfg);
        try {
            reader.packets(LEAF, bmv2);
            fail("read without an address");
        } catch (AggregateReadException e) {
            assertEquals("device:leaf1 has no P4Runtime management address in netcfg", e.getMessage());
        }
        address("grpc://mininet:50003");
        try {
            reader.packets(LEAF, bmv2);
            fail("read without a device id");
        } catch (AggregateReadException e) {
            assertEquals("device:leaf1: management address grpc://mininet:50003 has no device_id", e.getMessage());
        }
    }
}
