// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Pipeconf registry and device bindings in memory.
 */
public class TestPipeconfService extends PiPipeconfServiceAdapter {

    private final Map<PiPipeconfId, PiPipeconf> pipeconfs = new LinkedHashMap<>();
    private final Map<DeviceId, PiPipeconfId> bindings = new HashMap<>();

    @Override
    public void register(PiPipeconf pipeconf) {
        if (pipeconfs.putIfAbsent(pipeconf.id(), pipeconf) != null) {
            throw new IllegalStateException(pipeconf.id() + " is already registered");
        }
    }

    @Override
    public void unregister(PiPipeconfId id) {
        if (pipeconfs.remove(id) == null) {
            throw new IllegalStateException(id + " is not registered");
        }
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
    public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        return Optional.ofNullable(bindings.get(deviceId));
    }
}
