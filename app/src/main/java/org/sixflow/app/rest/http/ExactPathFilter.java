// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import org.onlab.util.ItemNotFoundException;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;

/**
 * Refuses, before any resource is matched, the spellings of a path that Jersey would match to an
 * id they do not spell: a trailing slash ({@code trees/x/}), path parameters ({@code trees/x;x},
 * {@code trees/x;jsessionid=1}) and empty segments ({@code trees//x}). Jersey's templates accept
 * a trailing slash and match {@code {id}} against a segment without its parameters, so each of
 * these deleted or changed object {@code x}. Looks at the raw request URI, the same in every
 * container, so that one rule covers every resource with an id in its path.
 */
@PreMatching
public class ExactPathFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String base = request.getUriInfo().getBaseUri().getRawPath();
        String path = request.getUriInfo().getRequestUri().getRawPath();
        String relative = path.startsWith(base) ? path.substring(base.length()) : path;
        if (relative.indexOf(';') >= 0) {
            throw new IllegalArgumentException("the path has a parameter (\";\"): ids are matched exactly, "
                                                       + "so ask " + base + relative.replaceAll(";[^/]*", ""));
        }
        if (relative.isEmpty()) {
            return;
        }
        if (relative.endsWith("/") || relative.startsWith("/") || relative.contains("//")) {
            throw new ItemNotFoundException("No resource at " + path + ": paths have no trailing slash and "
                                                    + "no empty segments");
        }
    }
}
