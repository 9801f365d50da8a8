// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.List;
import java.util.Optional;

/**
 * Data-plane resources: what the Tofino compiler allocated to a pipeconf's program, and how
 * full each P4 table of the devices is at run time.
 */
public interface ResourceService {

    /**
     * Returns the Tofino compiler's MAU resource report of a pipeconf, read once per registration
     * of the pipeconf from the compiler output it came with.
     *
     * @param pipeconfId the pipeconf, e.g. org.sixflow.core.tofino
     * @return the report
     * @throws org.onlab.util.ItemNotFoundException if no such pipeconf is registered, or its
     *         compiler output holds no Tofino resource report (the message says which)
     * @throws java.io.UncheckedIOException if the report cannot be read or is not a resource
     *         report this version understands
     */
    MauReport mauReport(PiPipeconfId pipeconfId);

    /**
     * Returns the latest occupancy reading of every P4 table, per device.
     *
     * @param deviceId only this device, or every device read
     * @return readings sorted by device and table; empty before the first reading
     */
    List<TableOccupancy> tableOccupancy(Optional<DeviceId> deviceId);
}
