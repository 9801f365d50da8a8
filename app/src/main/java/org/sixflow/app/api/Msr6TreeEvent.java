// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.AbstractEvent;

/**
 * Something happened to an MSR6 tree.
 */
public class Msr6TreeEvent extends AbstractEvent<Msr6TreeEvent.Type, Msr6Tree> {

    /** What happened. */
    public enum Type {
        /** A tree was installed. */
        TREE_ADDED,
        /** A tree was replaced: new receivers, or rerouted around a failure. */
        TREE_UPDATED,
        /** A tree was removed. */
        TREE_REMOVED,
        /** A tree could not be rerouted and keeps its old state. */
        TREE_FAILED
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
