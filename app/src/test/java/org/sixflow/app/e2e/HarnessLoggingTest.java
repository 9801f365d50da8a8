// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.junit.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

import static org.junit.Assert.assertFalse;

/**
 * The harnesses (demo, fuzz, bench) run on the test class path: it must carry a real SLF4J
 * binding, or every log line, the stack behind a 500's log reference included, goes nowhere.
 */
public class HarnessLoggingTest {

    @Test
    public void theTestClassPathLogsSomewhere() {
        assertFalse("SLF4J fell back to its no-operation logger",
                    LoggerFactory.getILoggerFactory() instanceof NOPLoggerFactory);
    }
}
