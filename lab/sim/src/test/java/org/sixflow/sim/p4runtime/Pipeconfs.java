// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Optional;

/**
 * Pipeconfs for reads: one that fails if anything asks it a thing (the simulated switch needs
 * nothing of it but for cells never set), one whose pipeline has nothing but indirect counters.
 */
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

    /**
     * Returns a pipeconf whose pipeline has indirect counters of given sizes (it fails on anything
     * else it is asked).
     *
     * @param counters the counters and their sizes
     * @return the pipeconf
     */
    public static PiPipeconf withCounters(Map<PiCounterId, Long> counters) {
        PiPipelineModel model = proxy(PiPipelineModel.class, (method, args) -> {
            if (!method.equals("counter")) {
                return null;
            }
            PiCounterId id = (PiCounterId) args[0];
            return Optional.ofNullable(counters.get(id)).map(size -> proxy(PiCounterModel.class, (m, a) -> {
                return m.equals("id") ? id : m.equals("size") ? size : null;
            }));
        });
        return proxy(PiPipeconf.class, (method, args) -> method.equals("pipelineModel") ? model : null);
    }

    /** Answers a method by name and arguments, null if it has no answer. */
    private interface Answers {
        Object answer(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Answers answers) {
        return type.cast(Proxy.newProxyInstance(
                Pipeconfs.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    Object answer = answers.answer(method.getName(), args);
                    if (answer == null) {
                        throw new AssertionError("the test " + type.getSimpleName() + " has no " + method.getName());
                    }
                    return answer;
                }));
    }
}
