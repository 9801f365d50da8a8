// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import com.google.common.collect.ImmutableList;

import java.util.List;

/**
 * What checking a policy found: problems and conflicts make it invalid, warnings do not.
 */
public final class Apn6Validation {

    private final List<String> problems;
    private final List<String> conflicts;
    private final List<String> warnings;
    private final int entries;

    /**
     * Creates a result.
     *
     * @param problems  what is wrong with the policy itself
     * @param conflicts same-priority policies whose traffic overlaps
     * @param warnings  e.g. higher-priority policies that shadow it
     * @param entries   table entries the policy compiles to
     */
    public Apn6Validation(List<String> problems, List<String> conflicts, List<String> warnings, int entries) {
        this.problems = ImmutableList.copyOf(problems);
        this.conflicts = ImmutableList.copyOf(conflicts);
        this.warnings = ImmutableList.copyOf(warnings);
        this.entries = entries;
    }

    public boolean valid() {
        return problems.isEmpty() && conflicts.isEmpty();
    }

    public List<String> problems() {
        return problems;
    }

    public List<String> conflicts() {
        return conflicts;
    }

    public List<String> warnings() {
        return warnings;
    }

    public int entries() {
        return entries;
    }
}
