// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;

/** ONOS's ServiceDirectory over the runtime's services, as DefaultServiceDirectory is over OSGi's. */
final class RegistryServiceDirectory implements ServiceDirectory {

    private final ComponentRuntime runtime;

    RegistryServiceDirectory(ComponentRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        return runtime.service(serviceClass).orElseThrow(
                () -> new ServiceNotFoundException("Service " + serviceClass.getName() + " not found"));
    }
}
