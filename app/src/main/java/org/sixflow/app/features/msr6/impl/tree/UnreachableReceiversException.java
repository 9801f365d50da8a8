// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import com.google.common.collect.ImmutableSortedSet;

import java.util.SortedSet;

/**
 * Some receivers cannot be reached from the source.
 */
public class UnreachableReceiversException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final SortedSet<Integer> unreachable;

    /**
     * Creates the exception.
     *
     * @param unreachable the receivers no path reaches
     */
    public UnreachableReceiversException(SortedSet<Integer> unreachable) {
        super("No path from the source to receivers " + unreachable);
        this.unreachable = ImmutableSortedSet.copyOf(unreachable);
    }

    public SortedSet<Integer> unreachable() {
        return unreachable;
    }
}
