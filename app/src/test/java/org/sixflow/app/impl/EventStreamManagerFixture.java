// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.cfg.ComponentConfigAdapter;

import java.util.Map;
import org.sixflow.app.testing.ComponentContexts;

/**
 * An event stream manager activated with its default properties, which a test may change as
 * {@code cfg set} would.
 */
public final class EventStreamManagerFixture {

    public final EventStreamManager manager = new EventStreamManager();

    /** Activates the manager with its defaults. */
    public EventStreamManagerFixture() {
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.activate(null);
    }

    /**
     * Sets properties, as {@code cfg set} does: the manager's modified method reads them.
     *
     * @param properties property name to value
     */
    public void configure(Map<String, Object> properties) {
        manager.modified(ComponentContexts.of(properties));
    }
}
