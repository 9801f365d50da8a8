// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import javax.ws.rs.NotSupportedException;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Writes carry JSON: a POST, PUT or PATCH with a body must say {@code Content-Type:
 * application/json} (a charset, if given, must be UTF-8), or it is refused with 415. Jersey
 * alone lets a body without Content-Type through as if it were JSON, and browsers send such
 * bodies across origins without asking first.
 */
public class JsonContentTypeFilter implements ContainerRequestFilter {

    /** The methods whose body must be JSON. */
    static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH");

    @Override
    public void filter(ContainerRequestContext request) {
        if (!WRITES.contains(request.getMethod())) {
            return;
        }
        if (!request.hasEntity()) {
            // Nothing to check: a method that needs a body says so itself (400, "must be a JSON
            // object"), and a body-less action (start a run) may come as browsers send it, bare.
            return;
        }
        MediaType type = request.getMediaType();
        if (type == null || !isJson(type)) {
            throw new NotSupportedException("Send the request body as JSON, with Content-Type: application/json"
                                                    + (type == null ? "" : " (not " + type + ")"));
        }
        String charset = type.getParameters().get(MediaType.CHARSET_PARAMETER);
        if (charset != null && !charset.trim().equalsIgnoreCase(StandardCharsets.UTF_8.name())) {
            throw new NotSupportedException("JSON bodies must be UTF-8, not charset=" + charset);
        }
    }

    /**
     * Whether a media type is JSON.
     *
     * @param type the type
     * @return true for application/json
     */
    static boolean isJson(MediaType type) {
        return "application".equalsIgnoreCase(type.getType()) && "json".equalsIgnoreCase(type.getSubtype());
    }
}
