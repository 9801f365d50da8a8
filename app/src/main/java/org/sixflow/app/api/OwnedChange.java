// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.Arrays;

/**
 * What happened to an object users asked Sixflow to install, whatever its feature: each
 * feature's event kinds say which of these each is, so the shared lifecycle can act on any
 * feature's events.
 */
public enum OwnedChange {
    /** Stored, to be installed. */
    ADDED,
    /** Replaced by another version, to be installed in its place. */
    UPDATED,
    /** Its status went back to waiting. */
    REQUESTED,
    /** Its status says its devices confirmed its entries. */
    INSTALLED,
    /** Its status says a device refused it or cannot take it. */
    FAILED,
    /** Removed, its entries to be taken out. */
    REMOVED;

    /** A feature's kind of event: which change it is. */
    public interface Kind {
        /**
         * Returns the change this kind of event tells.
         *
         * @return the change
         */
        OwnedChange change();
    }

    /**
     * Returns a feature's kind of event for a change.
     *
     * @param kinds the feature's kinds
     * @param <K>   their type
     * @return the kind that tells this change
     * @throws IllegalArgumentException if the feature has none (a feature whose objects are never
     *                                  replaced has no kind for UPDATED)
     */
    public <K extends Enum<K> & Kind> K kindOf(Class<K> kinds) {
        return Arrays.stream(kinds.getEnumConstants()).filter(k -> k.change() == this).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(kinds.getName() + " has no kind for " + this));
    }
}
