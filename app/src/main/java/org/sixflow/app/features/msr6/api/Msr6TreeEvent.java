// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.event.AbstractEvent;

/**
 * Something happened to an MSR6 tree, on this or another instance of the cluster.
 */
public class Msr6TreeEvent extends AbstractEvent<Msr6TreeEvent.Type, Msr6Tree> {

    /** What happened. */
    public enum Type {
        /** A tree was requested. */
        TREE_ADDED,
        /** A tree changed: new receivers, rebuilt around a failure, being withdrawn. */
        TREE_UPDATED,
        /** A tree is confirmed on its devices (INSTALLED). */
        TREE_INSTALLED,
        /** A tree could not be built or installed (FAILED); the devices keep what was installed before. */
        TREE_FAILED,
        /** A tree was removed, its entries with it. */
        TREE_REMOVED
    }

    /**
     * Creates an event.
     *
     * @param type what happened
     * @param tree the tree (for removals, as it was)
     */
    public Msr6TreeEvent(Type type, Msr6Tree tree) {
        super(type, tree);
    }
}
