// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onlab.osgi.ComponentContextAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

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
        Dictionary<String, Object> dictionary = new Hashtable<>(properties);
        manager.modified(new ComponentContextAdapter() {
            @Override
            public Dictionary getProperties() {
                return dictionary;
            }
        });
    }
}
