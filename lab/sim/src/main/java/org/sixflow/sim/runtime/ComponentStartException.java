// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import com.google.common.collect.ImmutableList;

import java.util.List;

/**
 * Components could not all be started: some failed to activate, some are missing mandatory
 * references or configuration. The message lists each, with what is missing.
 */
public class ComponentStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /**
     * Creates the exception.
     *
     * @param problems one line per component that could not be started
     * @param failures the activation failures, the first as the cause and the rest suppressed
     */
    public ComponentStartException(List<String> problems, List<? extends Throwable> failures) {
        super(message(problems), failures.isEmpty() ? null : failures.get(0));
        this.problems = ImmutableList.copyOf(problems);
        failures.stream().skip(1).forEach(this::addSuppressed);
    }

    private static String message(List<String> problems) {
        StringBuilder text = new StringBuilder();
        text.append(problems.size()).append(problems.size() == 1 ? " component" : " components")
                .append(" could not be started:");
        problems.forEach(p -> text.append("\n  - ").append(p));
        return text.toString();
    }

    /**
     * Returns what went wrong, one line per component.
     *
     * @return the problems
     */
    public List<String> problems() {
        return problems;
    }
}
