// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.onos;

import io.grpc.ManagedChannel;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeEventListener;
import org.sixflow.lab.device.LabDeviceManager;
import org.sixflow.lab.device.SwitchAgent;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * ONOS's P4Runtime controller over the lab's sessions: {@link #get(DeviceId)} gives a client that
 * reads (indirect counters and table entries, as Sixflow's aggregate poller reads
 * latency_packets); writing, pipeline and stream calls belong to the lab's own services and are
 * refused here with UnsupportedOperationException naming the service to use.
 */
public final class LabP4RuntimeController implements P4RuntimeController {

    private final LabDeviceManager devices;

    /**
     * Creates the controller.
     *
     * @param devices the devices whose sessions are read
     */
    public LabP4RuntimeController(LabDeviceManager devices) {
        this.devices = devices;
    }

    @Override
    public P4RuntimeClient get(DeviceId deviceId) {
        return devices.agent(deviceId).map(Client::new).orElse(null);
    }

    @Override
    public boolean create(DeviceId deviceId, ManagedChannel channel) {
        throw new UnsupportedOperationException("The lab connects its devices itself (LabDeviceManager)");
    }

    @Override
    public void remove(DeviceId deviceId) {
        throw new UnsupportedOperationException("The lab connects its devices itself (LabDeviceManager)");
    }

    @Override
    public void addDeviceAgentListener(DeviceId deviceId, ProviderId providerId, DeviceAgentListener listener) {
        // Device agent events are ONOS's device provider's business; the lab has none.
    }

    @Override
    public void removeDeviceAgentListener(DeviceId deviceId, ProviderId providerId) {
        // See addDeviceAgentListener.
    }

    @Override
    public void addListener(P4RuntimeEventListener listener) {
        // Packet-ins and arbitration reach applications through the lab's PacketService and DeviceService.
    }

    @Override
    public void removeListener(P4RuntimeEventListener listener) {
        // See addListener.
    }

    /** A read-only client of one device. */
    private static final class Client implements P4RuntimeClient {
        private final SwitchAgent agent;

        Client(SwitchAgent agent) {
            this.agent = agent;
        }

        private static UnsupportedOperationException unsupported(String what, String instead) {
            return new UnsupportedOperationException("The lab's P4Runtime client does not " + what + "; use the "
                                                             + instead);
        }

        @Override
        public ReadRequest read(long p4DeviceId, PiPipeconf pipeconf) {
            return new LabP4RuntimeReads(agent);
        }

        @Override
        public WriteRequest write(long p4DeviceId, PiPipeconf pipeconf) {
            throw unsupported("write", "FlowRuleService or GroupService");
        }

        @Override
        public CompletableFuture<Boolean> setPipelineConfig(long p4DeviceId, PiPipeconf pipeconf,
                                                            ByteBuffer deviceData) {
            throw unsupported("push pipelines", "lab's device manager, which pushes at connection");
        }

        @Override
        public CompletableFuture<Boolean> isPipelineConfigSet(long p4DeviceId, PiPipeconf pipeconf) {
            return CompletableFuture.completedFuture(agent.isReady() && agent.pipeconf().id().equals(pipeconf.id()));
        }

        @Override
        public CompletableFuture<Boolean> isAnyPipelineConfigSet(long p4DeviceId) {
            return CompletableFuture.completedFuture(agent.isReady());
        }

        @Override
        public void setMastership(long p4DeviceId, boolean master, BigInteger electionId) {
            throw unsupported("change mastership", "lab's device manager, which is master of every device");
        }

        @Override
        public boolean isSessionOpen(long p4DeviceId) {
            return agent.isReady();
        }

        @Override
        public void closeSession(long p4DeviceId) {
            throw unsupported("close sessions", "lab's device manager");
        }

        @Override
        public boolean isMaster(long p4DeviceId) {
            return agent.isReady();
        }

        @Override
        public void packetOut(long p4DeviceId, PiPacketOperation packet, PiPipeconf pipeconf) {
            throw unsupported("send packets", "PacketService");
        }

        @Override
        public void shutdown() {
            // The session belongs to the lab's device manager.
        }

        @Override
        public boolean isServerReachable() {
            return agent.isReady();
        }

        @Override
        public CompletableFuture<Boolean> probeService() {
            return CompletableFuture.completedFuture(agent.isReady());
        }
    }
}
