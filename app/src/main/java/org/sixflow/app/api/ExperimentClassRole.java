// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * What a class of an experiment is for: the features are compared against the one baseline.
 */
public enum ExperimentClassRole {
    /** Plain forwarding, e.g. IPv6: what the features' overhead K is measured against. */
    BASELINE,
    /** A feature under test, e.g. APN6 insertion or MSR6 TE encapsulation. */
    FEATURE
}
