// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerResponseContext;
import javax.ws.rs.container.ContainerResponseFilter;

/**
 * Tells the dashboard that what it shows is simulated: the demo's {@code GET health} answers gain
 * {@code "environment": {"kind": "simulated", "note": ...}}, and the dashboard puts the note in a
 * banner on every page. ONOS never adds it, so the app's health answer is unchanged there.
 */
public final class SimulatedEnvironment implements ContainerResponseFilter {

    /** The environment's kind, as the dashboard reads it. */
    public static final String KIND = "simulated";
    /** What the banner says. */
    public static final String NOTE = "Demo: the ONOS core and the switches are simulated (Sixflow's components, "
            + "REST API and PostgreSQL history are real). Experiment runs stay Queued: no switch here sends a "
            + "probe, and there is no ONOS shell for the sixflow:* commands. For the real lab, run 'make lab' where "
            + "bmv2 is installed, or 'make run' with a Docker engine.";

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if ("health".equals(request.getUriInfo().getPath()) && response.getEntity() instanceof ObjectNode) {
            ObjectNode environment = ((ObjectNode) response.getEntity()).putObject("environment");
            environment.put("kind", KIND);
            environment.put("note", NOTE);
        }
    }
}
