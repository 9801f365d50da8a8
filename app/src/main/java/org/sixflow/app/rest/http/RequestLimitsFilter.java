// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MultivaluedMap;
import javax.ws.rs.core.PathSegment;
import java.util.List;
import java.util.Map;

/**
 * Refuses a request past {@link RequestLimits} before it is matched to a resource: a declared
 * body larger than the bound (413; bodies without a length are bounded as they are read), too
 * many query parameters, a query value or path segment too long (400, naming it).
 */
@PreMatching
public class RequestLimitsFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                long declared = Long.parseLong(length.trim());
                if (declared > RequestLimits.MAX_BODY_BYTES) {
                    discard(request, declared);
                    throw JsonBodies.tooLarge();
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Content-Length is not a number");
            }
        }
        MultivaluedMap<String, String> query = request.getUriInfo().getQueryParameters();
        int count = query.values().stream().mapToInt(List::size).sum();
        if (count > RequestLimits.MAX_QUERY_PARAMETERS) {
            throw new IllegalArgumentException("at most " + RequestLimits.MAX_QUERY_PARAMETERS
                                                       + " query parameters, got " + count);
        }
        for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
            if (parameter.getKey().length() > RequestLimits.MAX_QUERY_VALUE_CHARS) {
                throw new IllegalArgumentException("a query parameter name is longer than "
                                                           + RequestLimits.MAX_QUERY_VALUE_CHARS + " characters");
            }
            for (String value : parameter.getValue()) {
                if (value.length() > RequestLimits.MAX_QUERY_VALUE_CHARS) {
                    throw new IllegalArgumentException("query parameter " + parameter.getKey() + " is longer than "
                                                               + RequestLimits.MAX_QUERY_VALUE_CHARS + " characters");
                }
            }
        }
        for (PathSegment segment : request.getUriInfo().getPathSegments()) {
            if (segment.getPath().length() > RequestLimits.MAX_PATH_PARAMETER_CHARS) {
                throw new IllegalArgumentException("a path segment is longer than "
                                                           + RequestLimits.MAX_PATH_PARAMETER_CHARS
                                                           + " characters (ids are at most 32)");
            }
        }
    }

    /**
     * Reads and drops a refused body of moderate size: the container has already asked the client
     * for it (its stream is open before any filter runs), and a connection closed on a body still
     * being written loses the answer (the client sees a broken pipe, not the 413). Past
     * {@link RequestLimits#MAX_DISCARDED_BODY_BYTES} the connection is closed instead.
     */
    private static void discard(ContainerRequestContext request, long declared) {
        if (declared > RequestLimits.MAX_DISCARDED_BODY_BYTES || request.getEntityStream() == null) {
            return;
        }
        try {
            byte[] sink = new byte[65536];
            long left = declared;
            int n;
            while (left > 0 && (n = request.getEntityStream().read(sink, 0, (int) Math.min(sink.length, left))) >= 0) {
                left -= n;
            }
        } catch (java.io.IOException e) {
            // The client stopped sending: the 413 goes out all the same.
        }
    }
}
