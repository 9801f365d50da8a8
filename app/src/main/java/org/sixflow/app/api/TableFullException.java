// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A request refused because its entries would not fit a P4 table of a device (its
 * {@link TableShortfall}). An IllegalStateException, so REST answers 409 Conflict.
 */
public class TableFullException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient TableShortfall shortfall;

    /**
     * Creates the exception.
     *
     * @param shortfall the table too full, on its device
     * @param what      what needs the entries, e.g. "this tree"
     */
    public TableFullException(TableShortfall shortfall, String what) {
        super(checkNotNull(shortfall).describe(what));
        this.shortfall = shortfall;
    }

    /** The table too full, on its device, with its size and use. */
    public TableShortfall shortfall() {
        return shortfall;
    }
}
