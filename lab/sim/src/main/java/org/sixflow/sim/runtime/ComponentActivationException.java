// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

/** A component could not be activated: its class, constructor or activate method failed. */
public class ComponentActivationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String component;

    /**
     * Creates the exception.
     *
     * @param component the component name
     * @param what      what failed, e.g. "activate threw"
     * @param cause     the cause
     */
    public ComponentActivationException(String component, String what, Throwable cause) {
        super("Component " + component + " failed to activate: " + what
                      + (cause == null ? "" : ": " + cause), cause);
        this.component = component;
    }

    /**
     * Returns the component that failed.
     *
     * @return its name
     */
    public String component() {
        return component;
    }
}
