// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How full one P4 table of a device is: installed entries against the size P4Info declares.
 */
public final class TableOccupancy implements TelemetrySubject {

    private final DeviceId deviceId;
    private final String table;
    private final Instant time;
    private final int entries;
    private final int size;

    private TableOccupancy(DeviceId deviceId, String table, Instant time, int entries, int size) {
        this.deviceId = checkNotNull(deviceId);
        this.table = checkNotNull(table);
        this.time = checkNotNull(time);
        checkArgument(!table.isEmpty(), "table name must not be empty");
        checkArgument(entries >= 0, "negative entry count %s", entries);
        checkArgument(size >= 0, "negative table size %s", size);
        this.entries = entries;
        this.size = size;
    }

    /**
     * Creates an occupancy reading.
     *
     * @param deviceId the device
     * @param table    the table's P4Info name
     * @param time     when the entries were counted
     * @param entries  installed entries
     * @param size     declared size
     * @return the reading
     */
    public static TableOccupancy of(DeviceId deviceId, String table, Instant time, int entries, int size) {
        return new TableOccupancy(deviceId, table, time, entries, size);
    }

    @Override
    public DeviceId deviceId() {
        return deviceId;
    }

    public String table() {
        return table;
    }

    @Override
    public Instant time() {
        return time;
    }

    public int entries() {
        return entries;
    }

    public int size() {
        return size;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TableOccupancy)) {
            return false;
        }
        TableOccupancy that = (TableOccupancy) o;
        return entries == that.entries && size == that.size && deviceId.equals(that.deviceId)
                && table.equals(that.table) && time.equals(that.time);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, table, time, entries, size);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("device", deviceId).add("table", table).add("time", time)
                .add("entries", entries).add("size", size).toString();
    }
}
