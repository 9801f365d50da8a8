// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

/** Where a component is in its life, as SCR's component descriptions report it. */
public enum ComponentState {
    /** Enabled, waiting for a mandatory reference or a required configuration. */
    UNSATISFIED,
    /** Activated; its services are registered. */
    ACTIVE,
    /** Its activation threw (or its class could not be instantiated); it waits for a change. */
    FAILED,
    /** Disabled: not activated whatever is available. */
    DISABLED
}
