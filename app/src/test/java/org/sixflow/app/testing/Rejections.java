// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Asserts that bad input is refused with a message that says why.
 */
public final class Rejections {

    private Rejections() {
    }

    /**
     * Runs an action that must throw IllegalArgumentException mentioning a text.
     *
     * @param action   the action
     * @param expected part of the message
     */
    public static void assertRejected(Runnable action, String expected) {
        try {
            action.run();
            fail("accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage() + " should mention " + expected, e.getMessage().contains(expected));
        }
    }
}
