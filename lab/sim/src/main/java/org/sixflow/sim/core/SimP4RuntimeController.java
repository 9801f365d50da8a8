// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import io.grpc.ManagedChannel;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeEventListener;
import org.sixflow.sim.p4runtime.SimP4RuntimeClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's P4Runtime controller over simulated switches: a device speaks P4Runtime once
 * {@link #simulate} gave it a {@link SimP4RuntimeClient}, whose counter cells the simulation sets;
 * {@link #get} then answers that client. Every other device has none: {@link #get} answers null
 * ("no client for this device") and {@link #create} false (the interface's "could not be
 * created"), since no gRPC channel leads to a switch. {@link #remove} drops a device's client, as
 * ONOS does. Listeners are accepted and never called: there are no P4Runtime events.
 * <p>
 * How Sixflow's users take this. GtpuTunnelManager and IlnpSiteManager read indirect counters
 * through CounterCells.onos, the latency aggregate poller its latency_packets counter through
 * OnosPacketCounterReader; each first needs the device's pipeconf and its netcfg basic
 * managementAddress (grpc://host:port?device_id=N, for N), then calls {@link #get} and reads
 * {@code client.read(N, pipeconf)} with {@code counterCells(counter)} or {@code handles(cell
 * handles)}, {@code submitSync()}, {@code isSuccess()} and {@code all(PiCounterCell.class)}, all of
 * which a simulated client serves; cells it never had set are absent, which they count as zero.
 * Without a simulated client OnosPacketCounterReader throws AggregateReadException "ONOS has no
 * P4Runtime client for ...": GtpuTunnelManager lists the device's tunnels as unread,
 * IlnpSiteWebResource answers 503 and the poller logs "Cannot read latency aggregates of ..."
 * once per failure. (The poller's register reads go over a gRPC channel instead, which
 * SimGrpcChannelController never has.)
 * <p>
 * ONOS's P4Runtime handler behaviours (AbstractP4RuntimeHandlerBehaviour: the pipeconf's
 * BngProgrammable) find a device's client only once ONOS connected the device over its netcfg's
 * management address; {@link #connect} is that connection.
 */
public final class SimP4RuntimeController implements P4RuntimeController {

    private static final Logger log = LoggerFactory.getLogger(SimP4RuntimeController.class);

    private final Map<DeviceId, SimP4RuntimeClient> clients = new ConcurrentHashMap<>();
    private final Set<P4RuntimeEventListener> listeners = new CopyOnWriteArraySet<>();
    private final Map<DeviceId, Map<ProviderId, DeviceAgentListener>> agentListeners = new ConcurrentHashMap<>();

    /**
     * Makes a device a simulated P4Runtime switch: {@link #get} answers its client from now on.
     *
     * @param deviceId the device
     * @return its client, created now or earlier
     */
    public SimP4RuntimeClient simulate(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return clients.computeIfAbsent(deviceId, SimP4RuntimeClient::new);
    }

    /**
     * Connects a device as ONOS's device provider connects a P4Runtime switch over its netcfg's
     * management address: it becomes a simulated switch ({@link #simulate}), and ONOS's P4Runtime
     * handler behaviours find its client as long as its netcfg names this address.
     *
     * @param deviceId          the device
     * @param managementAddress its netcfg's basic managementAddress, e.g. grpc://127.0.0.1:50001?device_id=1
     * @return its client, created now or earlier
     */
    public SimP4RuntimeClient connect(DeviceId deviceId, URI managementAddress) {
        checkNotNull(managementAddress, "Management address cannot be null");
        SimP4RuntimeClient client = simulate(deviceId);
        HandlerChannels.connected(deviceId, managementAddress);
        return client;
    }

    /**
     * Would create a client over a gRPC channel; the simulation has no channels to switches.
     *
     * @param deviceId the device
     * @param channel  ignored
     * @return false: no client is created
     * @throws IllegalArgumentException when the device already has a (simulated) client, as ONOS throws
     */
    @Override
    public boolean create(DeviceId deviceId, ManagedChannel channel) {
        checkNotNull(deviceId, "Device id cannot be null");
        if (clients.containsKey(deviceId)) {
            throw new IllegalArgumentException("A P4Runtime client already exists for " + deviceId);
        }
        log.debug("No P4Runtime client for {}: only simulated switches speak P4Runtime", deviceId);
        return false;
    }

    /**
     * Returns the device's simulated client.
     *
     * @param deviceId the device
     * @return its client, or null when {@link #simulate} never made it a switch (or it was removed)
     */
    @Override
    public P4RuntimeClient get(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return clients.get(deviceId);
    }

    /**
     * Drops the device's client, if any, and its connection; its counter cells go with it.
     *
     * @param deviceId the device
     */
    @Override
    public void remove(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        HandlerChannels.disconnected(deviceId);
        SimP4RuntimeClient client = clients.remove(deviceId);
        if (client != null) {
            client.shutdown();
        }
    }

    @Override
    public void addDeviceAgentListener(DeviceId deviceId, ProviderId providerId, DeviceAgentListener listener) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(providerId, "Provider id cannot be null");
        checkNotNull(listener, "Listener cannot be null");
        agentListeners.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>()).put(providerId, listener);
    }

    @Override
    public void removeDeviceAgentListener(DeviceId deviceId, ProviderId providerId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(providerId, "Provider id cannot be null");
        Map<ProviderId, DeviceAgentListener> forDevice = agentListeners.get(deviceId);
        if (forDevice != null) {
            forDevice.remove(providerId);
        }
    }

    @Override
    public void addListener(P4RuntimeEventListener listener) {
        listeners.add(checkNotNull(listener, "Listener cannot be null"));
    }

    @Override
    public void removeListener(P4RuntimeEventListener listener) {
        listeners.remove(checkNotNull(listener, "Listener cannot be null"));
    }
}
