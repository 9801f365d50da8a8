// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiTableEntry;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What identifies a table entry to a P4Runtime switch: its match key, priority and whether it is
 * the default entry (within its table). Its action, cookie and timeout do not, so a direct
 * counter cell is found whatever action the entry named when it was set or read.
 */
final class TableEntryKey {

    private final PiMatchKey matchKey;
    private final OptionalInt priority;
    private final boolean defaultEntry;

    private TableEntryKey(PiMatchKey matchKey, OptionalInt priority, boolean defaultEntry) {
        this.matchKey = matchKey;
        this.priority = priority;
        this.defaultEntry = defaultEntry;
    }

    /**
     * Returns the key of a table entry.
     *
     * @param entry the entry
     * @return its key
     */
    static TableEntryKey of(PiTableEntry entry) {
        // A default entry has no match key of its own: every default entry of a table is the same one.
        return entry.isDefaultAction()
                ? new TableEntryKey(PiMatchKey.EMPTY, OptionalInt.empty(), true)
                : new TableEntryKey(entry.matchKey(), entry.priority(), false);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TableEntryKey)) {
            return false;
        }
        TableEntryKey other = (TableEntryKey) o;
        return defaultEntry == other.defaultEntry && matchKey.equals(other.matchKey)
                && priority.equals(other.priority);
    }

    @Override
    public int hashCode() {
        return Objects.hash(matchKey, priority, defaultEntry);
    }
}
