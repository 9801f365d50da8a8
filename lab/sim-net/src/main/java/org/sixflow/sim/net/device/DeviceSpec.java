// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A simulated switch as it is set up: its id, annotations (name, location, driver...), ports and
 * whether it is connected when added.
 */
public final class DeviceSpec {

    /** The driver of a device added without one. */
    public static final String DEFAULT_DRIVER = "sim-switch";

    private final DeviceId id;
    private final Map<String, String> annotations;
    private final List<PortSpec> ports;
    private final boolean available;

    private DeviceSpec(Builder builder) {
        this.id = builder.id;
        this.annotations = ImmutableMap.copyOf(builder.annotations);
        this.ports = ImmutableList.copyOf(builder.ports.values());
        this.available = builder.available;
    }

    /**
     * Starts a device.
     *
     * @param id its id, e.g. device:beijing
     * @return a builder
     */
    public static Builder builder(String id) {
        checkNotNull(id, "Device id cannot be null");
        return builder(DeviceId.deviceId(id));
    }

    /**
     * Starts a device.
     *
     * @param id its id
     * @return a builder
     */
    public static Builder builder(DeviceId id) {
        return new Builder(checkNotNull(id, "Device id cannot be null"));
    }

    /**
     * Returns the device id.
     *
     * @return id
     */
    public DeviceId id() {
        return id;
    }

    /**
     * Returns the device's annotations, its driver among them.
     *
     * @return annotations by key
     */
    public Map<String, String> annotations() {
        return annotations;
    }

    /**
     * Returns the device's driver name.
     *
     * @return driver name
     */
    public String driver() {
        return annotations.get(AnnotationKeys.DRIVER);
    }

    /**
     * Returns the device's ports in number order.
     *
     * @return ports
     */
    public List<PortSpec> ports() {
        return ports;
    }

    /**
     * Tells whether the device is connected (available) when added.
     *
     * @return true when available
     */
    public boolean available() {
        return available;
    }

    /** Builds a {@link DeviceSpec}. */
    public static final class Builder {
        private final DeviceId id;
        private final Map<String, String> annotations = new LinkedHashMap<>();
        private final Map<PortNumber, PortSpec> ports = new TreeMap<>(
                (a, b) -> Long.compare(a.toLong(), b.toLong()));
        private boolean available = true;

        private Builder(DeviceId id) {
            this.id = id;
            annotations.put(AnnotationKeys.DRIVER, DEFAULT_DRIVER);
            annotations.put(AnnotationKeys.PROTOCOL, "simulated");
        }

        /**
         * Sets the device's name annotation.
         *
         * @param name e.g. beijing
         * @return this builder
         */
        public Builder name(String name) {
            return annotation(AnnotationKeys.NAME, name);
        }

        /**
         * Sets the device's geographic location annotations.
         *
         * @param latitude  degrees north, -90 to 90
         * @param longitude degrees east, -180 to 180
         * @return this builder
         */
        public Builder location(double latitude, double longitude) {
            checkArgument(latitude >= -90 && latitude <= 90, "Latitude must be in [-90, 90], not %s", latitude);
            checkArgument(longitude >= -180 && longitude <= 180, "Longitude must be in [-180, 180], not %s",
                          longitude);
            annotation(AnnotationKeys.LOC_TYPE, "geo");
            annotation(AnnotationKeys.LATITUDE, String.valueOf(latitude));
            return annotation(AnnotationKeys.LONGITUDE, String.valueOf(longitude));
        }

        /**
         * Sets the device's driver name (its "driver" annotation).
         *
         * @param driver e.g. stratum-bmv2
         * @return this builder
         */
        public Builder driver(String driver) {
            return annotation(AnnotationKeys.DRIVER, driver);
        }

        /**
         * Sets an annotation.
         *
         * @param key   its key
         * @param value its value
         * @return this builder
         */
        public Builder annotation(String key, String value) {
            checkNotNull(key, "Annotation key cannot be null");
            checkNotNull(value, "Value of annotation %s cannot be null", key);
            annotations.put(key, value);
            return this;
        }

        /**
         * Adds a port.
         *
         * @param port the port
         * @return this builder
         * @throws IllegalArgumentException if the device already has a port with its number
         */
        public Builder port(PortSpec port) {
            checkNotNull(port, "Port cannot be null");
            checkArgument(ports.putIfAbsent(port.number(), port) == null, "Device %s already has port %s", id,
                          port.number());
            return this;
        }

        /**
         * Adds ports 1 to count, named after their numbers, at the default speed.
         *
         * @param count how many, not negative
         * @return this builder
         */
        public Builder ports(int count) {
            checkArgument(count >= 0, "Port count cannot be negative: %s", count);
            for (int n = 1; n <= count; n++) {
                port(PortSpec.of(n));
            }
            return this;
        }

        /**
         * Sets whether the device is connected (available) when added; it is unless told otherwise.
         *
         * @param isAvailable true for available
         * @return this builder
         */
        public Builder available(boolean isAvailable) {
            this.available = isAvailable;
            return this;
        }

        /**
         * Builds the device spec.
         *
         * @return the spec
         */
        public DeviceSpec build() {
            return new DeviceSpec(this);
        }
    }
}
