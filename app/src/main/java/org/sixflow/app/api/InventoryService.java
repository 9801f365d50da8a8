// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.List;
import java.util.Optional;

/**
 * What Sixflow runs on: registered pipeconfs and the devices bound to them.
 */
public interface InventoryService {

    /**
     * Returns every registered pipeconf, Sixflow's first, sorted by id.
     *
     * @return pipeconfs
     */
    List<PipeconfInfo> pipeconfs();

    /**
     * Returns one pipeconf.
     *
     * @param id pipeconf id
     * @return the pipeconf, if registered
     */
    Optional<PipeconfInfo> pipeconf(PiPipeconfId id);

    /**
     * Returns every device ONOS knows, sorted by id, with its pipeconf and Sixflow role.
     *
     * @return devices
     */
    List<SixflowDevice> devices();

    /**
     * Returns how many pipeconfs are registered, reading no device's binding.
     *
     * @return the number of pipeconfs
     */
    int pipeconfCount();

    /**
     * Returns how many devices ONOS knows, reading nothing per device.
     *
     * @return the number of devices
     */
    int deviceCount();
}
