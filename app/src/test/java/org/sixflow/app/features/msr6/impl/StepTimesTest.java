// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class StepTimesTest {

    @Test
    public void recordsEachStepInOrderAndReturnsWhatItReturned() {
        StepTimes times = new StepTimes();
        assertEquals("a", times.time("groups", () -> "a"));
        assertEquals(Integer.valueOf(2), times.time("transit", () -> 2));
        assertTrue(times.millis("groups") >= 0);
        assertEquals(-1, times.millis("ingress"));
        assertTrue(times.toString(), times.toString().matches("groups \\d+ ms, transit \\d+ ms"));
    }

    @Test
    public void aStepThatThrowsIsStillTimed() {
        StepTimes times = new StepTimes();
        try {
            times.time("groups", () -> {
                throw new IllegalStateException("refused");
            });
            fail("the step's exception is its caller's");
        } catch (IllegalStateException e) {
            assertTrue(times.millis("groups") >= 0);
        }
    }
}
