// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.testing;

import java.util.function.BooleanSupplier;

import static org.junit.Assert.fail;

/**
 * Waits for something the lab does on its own threads (connecting, writing, discovering). The
 * limit is generous: it only stops a test that would otherwise hang; nothing asserts on time.
 */
public final class Await {

    private static final long LIMIT_MILLIS = 60_000;

    private Await() {
    }

    /**
     * Waits until a condition holds.
     *
     * @param what      what is awaited, for the failure message
     * @param condition the condition
     */
    public static void until(String what, BooleanSupplier condition) {
        long end = System.currentTimeMillis() + LIMIT_MILLIS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                fail("Never happened: " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("Interrupted while waiting for " + what);
            }
        }
    }
}
