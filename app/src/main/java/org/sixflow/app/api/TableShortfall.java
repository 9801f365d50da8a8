// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A P4 table of a device that some entries would overflow: it holds as many entries as the
 * device's pipeline declares, and what is installed or claimed by requests accepted earlier
 * leaves too few free.
 */
public final class TableShortfall {

    private final DeviceId deviceId;
    private final String table;
    private final long size;
    private final long inUse;
    private final long needed;

    /**
     * Creates a shortfall.
     *
     * @param deviceId the device whose table is too full
     * @param table    the table's short name (its last P4 name component), e.g. msr6_encap
     * @param size     how many entries the table holds
     * @param inUse    entries installed or claimed
     * @param needed   new entries wanted in the table
     */
    public TableShortfall(DeviceId deviceId, String table, long size, long inUse, long needed) {
        this.deviceId = checkNotNull(deviceId);
        this.table = checkNotNull(table);
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

    /** New entries wanted in the table. */
    public long needed() {
        return needed;
    }

    /**
     * The shortfall in words, naming the device and the table.
     *
     * @param what what needs the entries, e.g. "this tree"
     * @return e.g. "device:beijing table msr6_encap holds 4 entries, 3 in use, this tree needs 2 more"
     */
    public String describe(String what) {
        return deviceId + " table " + table + " holds " + size + (size == 1 ? " entry, " : " entries, ")
                + inUse + " in use, " + what + " needs " + needed + " more";
    }

    /**
     * The refusal of a request for this shortfall.
     *
     * @param what what needs the entries, e.g. "this tree"
     * @return the exception, with {@link #describe} as its message
     */
    public TableFullException refusal(String what) {
        return new TableFullException(this, what);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TableShortfall)) {
            return false;
        }
        TableShortfall other = (TableShortfall) o;
        return deviceId.equals(other.deviceId) && table.equals(other.table) && size == other.size
                && inUse == other.inUse && needed == other.needed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, table, size, inUse, needed);
    }

    @Override
    public String toString() {
        return describe("the request");
    }
}
