// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.TableOccupancy;

import java.util.List;
import java.util.Optional;

/**
 * The latest table occupancy readings, for Sixflow's own components. Not part of the API: REST
 * and CLI go through {@link org.sixflow.app.api.ResourceService}.
 */
public interface OccupancyReadings {

    /**
     * Returns the latest reading of every table of every device read so far.
     *
     * @param deviceId only this device, or all
     * @return readings sorted by device and table
     */
    List<TableOccupancy> latest(Optional<DeviceId> deviceId);
}
