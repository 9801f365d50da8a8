// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onlab.osgi.ComponentContextAdapter;
import org.osgi.service.component.ComponentContext;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

/** Component contexts holding given properties, as ONOS hands a component its `cfg set` values. */
public final class ComponentContexts {

    private ComponentContexts() {
    }

    /**
     * A context with these properties.
     *
     * @param properties name to value
     * @return the context
     */
    public static ComponentContext of(Map<String, ?> properties) {
        Dictionary<String, Object> dictionary = new Hashtable<>(properties);
        return new ComponentContextAdapter() {
            @Override
            public Dictionary<String, Object> getProperties() {
                return dictionary;
            }
        };
    }

    /**
     * A context with one property.
     *
     * @param name  the property
     * @param value its value
     * @return the context
     */
    public static ComponentContext of(String name, Object value) {
        return of(Map.of(name, value));
    }
}
