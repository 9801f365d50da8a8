// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import org.onlab.util.Tools;
import org.osgi.service.component.ComponentContext;
import org.slf4j.Logger;

import java.util.Dictionary;
import java.util.Optional;

/**
 * Reads Sixflow components' properties (as `cfg set` leaves them): a bad value is logged with
 * what is allowed and the value in force is kept, so a typo never stops a collector.
 */
public final class ComponentProperties {

    /** Bounds of every period property, in seconds. */
    public static final int MIN_SECONDS = 1;
    public static final int MAX_SECONDS = 3600;

    private ComponentProperties() {
    }

    /**
     * Returns a property's text, if set.
     *
     * @param context the component context, or null (tests activate without one)
     * @param name    the property
     * @return its value
     */
    public static Optional<String> text(ComponentContext context, String name) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        return Optional.ofNullable(properties == null ? null : Tools.get(properties, name));
    }

    /**
     * Reads a period in whole seconds, 1..3600.
     *
     * @param context the component context, or null
     * @param name    the property
     * @param current the value in force
     * @param log     where a bad value is reported
     * @return the new value, or current when the property is unset or bad
     */
    public static int seconds(ComponentContext context, String name, int current, Logger log) {
        return integer(context, name, current, MIN_SECONDS, MAX_SECONDS, "seconds", log);
    }

    /**
     * Reads a whole number within bounds.
     *
     * @param context the component context, or null
     * @param name    the property
     * @param current the value in force
     * @param min     the smallest value allowed
     * @param max     the largest value allowed
     * @param unit    what it counts, for the log (e.g. "streams")
     * @param log     where a bad value is reported
     * @return the new value, or current when the property is unset or bad
     */
    public static int integer(ComponentContext context, String name, int current, int min, int max, String unit,
                              Logger log) {
        Optional<String> text = text(context, name);
        if (text.isEmpty()) {
            return current;
        }
        try {
            int value = Integer.parseInt(text.get().trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        log.warn("{} must be {}..{} {}, not \"{}\"; keeping {}", name, min, max, unit, text.get(), current);
        return current;
    }
}
