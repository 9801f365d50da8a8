// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's pipeconf service: pipeconfs registered (REGISTERED) and unregistered (UNREGISTERED) in
 * memory, listed in registration order, and device bindings. No pipeline is deployed and no driver
 * merged: the merged driver of a device is its own driver.
 */
public final class SimPipeconfService extends AbstractListenerManager<PiPipeconfEvent, PiPipeconfListener>
        implements PiPipeconfService {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final DeviceService devices;
    // Guarded by this.
    private final Map<PiPipeconfId, PiPipeconf> pipeconfs = new LinkedHashMap<>();
    private final Map<DeviceId, PiPipeconfId> bindings = new LinkedHashMap<>();

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says each device's driver
     */
    public SimPipeconfService(EventDeliveryService dispatcher, DeviceService devices) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        dispatcher.addSink(PiPipeconfEvent.class, listenerRegistry);
    }

    @Override
    public synchronized void register(PiPipeconf pipeconf) {
        checkNotNull(pipeconf, "Pipeconf cannot be null");
        if (pipeconfs.containsKey(pipeconf.id())) {
            throw new IllegalStateException("Pipeconf " + pipeconf.id() + " is already registered");
        }
        pipeconfs.put(pipeconf.id(), pipeconf);
        log.info("New pipeconf registered: {}", pipeconf.id());
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.REGISTERED, pipeconf));
    }

    @Override
    public synchronized void unregister(PiPipeconfId pipeconfId) {
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        if (pipeconfs.remove(pipeconfId) == null) {
            throw new IllegalStateException("Pipeconf " + pipeconfId + " is not registered");
        }
        log.info("Unregistered pipeconf: {}", pipeconfId);
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.UNREGISTERED, pipeconfId));
    }

    @Override
    public synchronized Iterable<PiPipeconf> getPipeconfs() {
        return ImmutableList.copyOf(pipeconfs.values());
    }

    @Override
    public synchronized Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
        checkNotNull(id, "Pipeconf id cannot be null");
        return Optional.ofNullable(pipeconfs.get(id));
    }

    @Override
    public synchronized Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
        return ofDevice(deviceId).flatMap(id -> Optional.ofNullable(pipeconfs.get(id)));
    }

    /**
     * Binds a device to a pipeconf, registered or not, as ONOS's mapping store does.
     *
     * @param pipeconfId the pipeconf
     * @param deviceId   the device
     */
    @Override
    public synchronized void bindToDevice(PiPipeconfId pipeconfId, DeviceId deviceId) {
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        checkNotNull(deviceId, "Device id cannot be null");
        bindings.put(deviceId, pipeconfId);
    }

    /**
     * Returns the device's own driver: nothing is merged in the simulation.
     *
     * @param deviceId   the device
     * @param pipeconfId the pipeconf
     * @return the device's driver name; null if the device, its driver or the pipeconf is unknown
     */
    @Override
    public synchronized String getMergedDriver(DeviceId deviceId, PiPipeconfId pipeconfId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        Device device = devices.getDevice(deviceId);
        if (device == null || !pipeconfs.containsKey(pipeconfId)) {
            return null;
        }
        return device.annotations().value(AnnotationKeys.DRIVER);
    }

    @Override
    public synchronized Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return Optional.ofNullable(bindings.get(deviceId));
    }
}
