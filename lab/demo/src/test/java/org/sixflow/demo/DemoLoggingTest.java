// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import org.junit.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

import static org.junit.Assert.assertFalse;

/**
 * The demo's class path carries a real SLF4J binding (slf4j-simple, runtime scope), or every log
 * line, the stack behind a 500's log reference included, would go nowhere.
 */
public class DemoLoggingTest {

    @Test
    public void theDemoLogsSomewhere() {
        assertFalse("SLF4J fell back to its no-operation logger",
                    LoggerFactory.getILoggerFactory() instanceof NOPLoggerFactory);
    }
}
