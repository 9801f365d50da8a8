// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onlab.rest.AbstractWebApplication;

import java.util.Set;

/**
 * The Sixflow REST API, mounted at /onos/sixflow/v1. ONOS's base class adds the exception
 * mappers that turn errors into JSON {@code {"code": …, "message": …}}.
 */
public class SixflowWebApplication extends AbstractWebApplication {

    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(PipeconfWebResource.class, DeviceWebResource.class, HealthWebResource.class,
                          EventWebResource.class, Msr6TreeWebResource.class,
                          Apn6PolicyWebResource.class, TelemetryWebResource.class,
                          TopologyWebResource.class);
    }
}
