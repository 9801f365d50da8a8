// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.onosproject.net.pi.service.PiPipeconfService;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pipeconf registry and device bindings in memory, pipeconfs listed in registration order.
 * Events go out through the event dispatcher when a subclass sets one (the bmv2 lab does);
 * without one, as in unit tests, nothing is posted.
 */
public class TestPipeconfService extends AbstractListenerManager<PiPipeconfEvent, PiPipeconfListener>
        implements PiPipeconfService {

    private final Map<PiPipeconfId, PiPipeconf> pipeconfs = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<DeviceId, PiPipeconfId> bindings = new ConcurrentHashMap<>();

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
        synchronized (pipeconfs) {
            return ImmutableList.copyOf(pipeconfs.values());
        }
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

    /**
     * Returns no merged driver: tests need none.
     *
     * @param deviceId   the device
     * @param pipeconfId its pipeconf
     * @return null
     */
    @Override
    public String getMergedDriver(DeviceId deviceId, PiPipeconfId pipeconfId) {
        return null;
    }

    @Override
    public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        return Optional.ofNullable(bindings.get(deviceId));
    }
}
