// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A request refused because its entries would not fit a P4 table of a device: the table holds
 * as many entries as the device's pipeline declares, and what is installed or claimed by requests
 * accepted earlier leaves too few free. An IllegalStateException, so REST answers 409 Conflict.
 */
public class TableFullException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient DeviceId deviceId;
    private final String table;
    private final long size;
    private final long inUse;
    private final long needed;

    /**
     * Creates the exception.
     *
     * @param deviceId the device whose table is too full
     * @param table    the table's short name, e.g. msr6_encap
     * @param size     how many entries the table holds
     * @param inUse    entries installed or claimed
     * @param needed   new entries the request needs in the table
     * @param what     what needs them, e.g. "this tree"
     */
    public TableFullException(DeviceId deviceId, String table, long size, long inUse, long needed, String what) {
        super(checkNotNull(deviceId) + " table " + table + " holds " + size + (size == 1 ? " entry, " : " entries, ")
                      + inUse + " in use, " + what + " needs " + needed + " more");
        this.deviceId = deviceId;
        this.table = table;
        this.size = size;
        this.inUse = inUse;
        this.needed = needed;
    }

    /** The device whose table is too full. */
    public DeviceId deviceId() {
        return deviceId;
    }

    /** The table's short name (its last P4 name component). */
    public String table() {
        return table;
    }

    /** How many entries the table holds, as the device's pipeline declares. */
    public long size() {
        return size;
    }

    /** Entries installed or claimed by accepted requests. */
    public long inUse() {
        return inUse;
    }

    /** New entries the refused request needs in the table. */
    public long needed() {
        return needed;
    }
}
