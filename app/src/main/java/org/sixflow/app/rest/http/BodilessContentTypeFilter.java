// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import java.util.Set;

/**
 * Ignores the Content-Type of a request whose method carries no body in this API (GET, HEAD,
 * DELETE, OPTIONS). Clients that set {@code Content-Type: application/json} on every request are
 * common; Jersey matches it against the JSON readers it has, and inside ONOS, which has none for
 * a method without a body parameter, it answered such a GET or DELETE 415 (any other type went
 * through). The header describes no body that Sixflow reads, so it is dropped before matching.
 */
@PreMatching
public class BodilessContentTypeFilter implements ContainerRequestFilter {

    /** The methods whose requests Sixflow reads no body of. */
    static final Set<String> BODILESS = Set.of("GET", "HEAD", "DELETE", "OPTIONS");

    @Override
    public void filter(ContainerRequestContext request) {
        if (BODILESS.contains(request.getMethod())) {
            request.getHeaders().remove(HttpHeaders.CONTENT_TYPE);
        }
    }
}
