// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.rest.BaseResource;

import java.lang.reflect.Field;

/**
 * Where ONOS's REST resources look services up. ONOS's base resource reads them from OSGi's
 * service registry through a static directory it makes itself and offers no setter; outside OSGi
 * the demo puts its component runtime's directory there.
 */
public final class RestServices {

    private RestServices() {
    }

    /**
     * Makes REST resources look services up in a directory.
     *
     * @param services the directory (a missing service must throw ServiceNotFoundException, as ONOS's does)
     */
    public static void lookUpIn(ServiceDirectory services) {
        try {
            Field field = BaseResource.class.getDeclaredField("services");
            field.setAccessible(true);
            field.set(null, services);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ONOS's REST base class changed: it has no static services field", e);
        }
    }
}
