// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

/**
 * What a call threw (JUnit 4.12 has no assertThrows).
 */
public final class Thrown {

    private Thrown() {
    }

    /** A call that may throw anything. */
    public interface Call {
        void run() throws Exception;
    }

    /**
     * Runs the call and returns what it threw, which must be of the given type.
     *
     * @param type what it must throw
     * @param call the call
     * @param <T>  the type
     * @return what it threw
     */
    public static <T extends Throwable> T by(Class<T> type, Call call) {
        try {
            call.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError("expected " + type.getSimpleName() + ", got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", nothing was thrown");
    }
}
