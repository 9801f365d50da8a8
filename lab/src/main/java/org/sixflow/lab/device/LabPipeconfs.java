// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.onosproject.net.pi.service.PiPipeconfService;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pipeconf registry and device bindings, as ONOS's PiPipeconfManager keeps them: pipeconfs
 * come from the pipeconf module's PipeconfLoader (run as a component), a device is bound to the
 * pipeconf its netcfg names when the device manager creates it.
 */
public final class LabPipeconfs extends AbstractListenerManager<PiPipeconfEvent, PiPipeconfListener>
        implements PiPipeconfService {

    private final Map<PiPipeconfId, PiPipeconf> pipeconfs = new ConcurrentHashMap<>();
    private final Map<DeviceId, PiPipeconfId> bindings = new ConcurrentHashMap<>();

    /**
     * Creates the registry.
     *
     * @param events where events go
     */
    public LabPipeconfs(EventDeliveryService events) {
        eventDispatcher = events;
        events.addSink(PiPipeconfEvent.class, listenerRegistry);
    }

    @Override
    public void register(PiPipeconf pipeconf) {
        if (pipeconfs.putIfAbsent(pipeconf.id(), pipeconf) != null) {
            throw new IllegalStateException("Pipeconf " + pipeconf.id() + " is already registered");
        }
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.REGISTERED, pipeconf));
    }

    @Override
    public void unregister(PiPipeconfId id) {
        if (pipeconfs.remove(id) == null) {
            throw new IllegalStateException("Pipeconf " + id + " is not registered");
        }
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.UNREGISTERED, id));
    }

    @Override
    public Iterable<PiPipeconf> getPipeconfs() {
        return ImmutableList.copyOf(pipeconfs.values());
    }

    @Override
    public Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
        return Optional.ofNullable(pipeconfs.get(id));
    }

    @Override
    public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
        return ofDevice(deviceId).flatMap(this::getPipeconf);
    }

    @Override
    public void bindToDevice(PiPipeconfId id, DeviceId deviceId) {
        bindings.put(deviceId, id);
    }

    @Override
    public String getMergedDriver(DeviceId deviceId, PiPipeconfId pipeconfId) {
        return LabDriverHandler.DRIVER + ":" + pipeconfId;
    }

    @Override
    public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        return Optional.ofNullable(bindings.get(deviceId));
    }
}
