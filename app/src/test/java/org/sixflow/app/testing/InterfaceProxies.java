// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.lang.reflect.Proxy;

/**
 * Test doubles of ONOS interfaces with many methods of which a test uses one or two (its P4Runtime
 * client and controller, a device): every call is answered by method name.
 */
public final class InterfaceProxies {

    /** What a call returns, by the method's name and its arguments. */
    @FunctionalInterface
    public interface Answer {
        Object answer(String method, Object[] args);
    }

    private InterfaceProxies() {
    }

    /**
     * Returns an instance of an interface whose calls the answer handles.
     *
     * @param type   the interface
     * @param answer what each call returns
     * @param <T>    the interface's type
     * @return the instance
     */
    @SuppressWarnings("unchecked")
    public static <T> T proxy(Class<T> type, Answer answer) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type},
                                          (p, method, args) -> answer.answer(method.getName(), args));
    }
}
