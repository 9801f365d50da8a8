// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.sixflow.app.testing.TestPipeconfService;

/**
 * The pipeconf registry and device bindings, as ONOS's PiPipeconfManager keeps them: pipeconfs
 * come from the pipeconf module's PipeconfLoader (run as a component), a device is bound to the
 * pipeconf its netcfg names when the device manager creates it. The registry itself is the app's
 * in-memory one; the lab adds event delivery and the merged driver name.
 */
public final class LabPipeconfs extends TestPipeconfService {

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
    public String getMergedDriver(DeviceId deviceId, PiPipeconfId pipeconfId) {
        return LabDriverHandler.DRIVER + ":" + pipeconfId;
    }
}
