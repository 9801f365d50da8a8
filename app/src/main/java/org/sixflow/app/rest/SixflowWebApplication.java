// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onlab.rest.AbstractWebApplication;

import java.util.Map;
import java.util.Set;

/**
 * The Sixflow REST API, mounted at /onos/sixflow/v1. ONOS's base class adds the exception
 * mappers that turn errors into JSON {@code {"code": …, "message": …}}.
 */
public class SixflowWebApplication extends AbstractWebApplication {

    /**
     * Jersey's servlet container (how ONOS mounts REST apps) holds back the first 8 KB of every
     * response to compute its length, ignoring flushes; the telemetry stream's events must leave
     * as they are written, so Sixflow's responses are not held (they go out chunked instead).
     */
    static final String OUTBOUND_CONTENT_LENGTH_BUFFER = "jersey.config.server.contentLength.buffer";

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(OUTBOUND_CONTENT_LENGTH_BUFFER, 0);
    }

    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(PipeconfWebResource.class, DeviceWebResource.class, HealthWebResource.class,
                          EventWebResource.class, Msr6TreeWebResource.class,
                          Apn6PolicyWebResource.class, TelemetryWebResource.class,
                          TopologyWebResource.class, ResourceWebResource.class,
                          RouteWebResource.class, ExperimentWebResource.class);
    }
}
