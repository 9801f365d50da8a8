// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.model.PiPipeconf;

import java.lang.reflect.Proxy;

/** A pipeconf for reads that fails if anything asks it a thing: the simulated switch needs nothing of it. */
public final class Pipeconfs {

    private Pipeconfs() {
    }

    /**
     * Returns a pipeconf that answers nothing.
     *
     * @return the pipeconf
     */
    public static PiPipeconf unused() {
        return (PiPipeconf) Proxy.newProxyInstance(
                Pipeconfs.class.getClassLoader(), new Class<?>[] {PiPipeconf.class}, (proxy, method, args) -> {
                    throw new AssertionError("the simulated switch asked its pipeconf " + method.getName());
                });
    }
}
