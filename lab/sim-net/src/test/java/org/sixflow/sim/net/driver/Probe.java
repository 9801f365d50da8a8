// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onosproject.net.driver.HandlerBehaviour;

/** A test behaviour a pipeconf implements: it tells what its driver handler gives it. */
public interface Probe extends HandlerBehaviour {

    /**
     * Returns one of its handler's services.
     *
     * @param serviceClass the service
     * @param <T>          its type
     * @return the service
     */
    <T> T service(Class<T> serviceClass);

    /** The test pipeconf's implementation, as a pipeconf's behaviours extend AbstractHandlerBehaviour. */
    final class Impl extends org.onosproject.net.driver.AbstractHandlerBehaviour implements Probe {
        @Override
        public <T> T service(Class<T> serviceClass) {
            return handler().get(serviceClass);
        }
    }
}
