// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TableId;

/**
 * Table entries that requests accepted earlier hold room for, besides what the devices have:
 * what a table budget counts against a table's size. An entry is known by its device, table and
 * flow id, and counts once however many requests claim it.
 */
public interface TableClaims {

    /**
     * How many distinct entries are claimed in a table of a device.
     *
     * @param deviceId the device
     * @param table    the table
     * @return the count
     */
    int count(DeviceId deviceId, TableId table);

    /**
     * Whether an entry (the same device, table and flow id) is claimed.
     *
     * @param rule the entry
     * @return true when claimed
     */
    boolean claims(FlowRule rule);
}
