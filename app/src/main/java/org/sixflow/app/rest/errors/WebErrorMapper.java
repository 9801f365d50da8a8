// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.glassfish.jersey.server.ParamException;
import org.slf4j.Logger;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import javax.ws.rs.ext.ExceptionMapper;
import java.util.List;
import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What Jersey and Sixflow's filters throw as WebApplicationException: no such path (404), a
 * method the path does not take (405, with Allow), an Accept it cannot meet (406), a body that
 * is not JSON (415), a body too large (413), a malformed query parameter (400, naming it), not
 * allowed (403). The status and headers stay; the body becomes Sixflow's JSON error.
 */
public class WebErrorMapper implements ExceptionMapper<WebApplicationException> {

    private static final Logger log = getLogger(WebErrorMapper.class);
    private static final String JERSEY_DEFAULT = "HTTP ";

    @Context
    private UriInfo uri;

    @Override
    public Response toResponse(WebApplicationException e) {
        Response original = e.getResponse();
        int status = original.getStatus();
        if (e instanceof ParamException && !(e instanceof ParamException.PathParamException)) {
            ParamException p = (ParamException) e;
            // JAX-RS answers a query parameter it cannot convert with 404; it is bad input.
            return JsonErrors.response(Response.Status.BAD_REQUEST.getStatusCode(),
                                       p.getParameterType().getSimpleName().replace("Param", "").toLowerCase()
                                               + " parameter " + p.getParameterName() + " is malformed").build();
        }
        if (original.hasEntity() && MediaType.APPLICATION_JSON_TYPE.isCompatible(original.getMediaType())) {
            return original;
        }
        Response.ResponseBuilder answer = JsonErrors.response(status, message(e, status, original));
        for (Map.Entry<String, List<Object>> header : original.getHeaders().entrySet()) {
            if (!header.getKey().equalsIgnoreCase(HttpHeaders.CONTENT_TYPE)
                    && !header.getKey().equalsIgnoreCase(HttpHeaders.CONTENT_LENGTH)) {
                header.getValue().forEach(value -> answer.header(header.getKey(), value));
            }
        }
        if (status == Response.Status.SERVICE_UNAVAILABLE.getStatusCode()
                && original.getHeaderString("Retry-After") == null) {
            answer.header("Retry-After", JsonErrors.RETRY_AFTER_SECONDS);
        }
        return answer.build();
    }

    private String message(WebApplicationException e, int status, Response original) {
        String own = e.getMessage() != null && !e.getMessage().startsWith(JERSEY_DEFAULT) ? e.getMessage() : null;
        switch (status) {
            case 404:
                return own != null ? own : "No such resource: " + path() + " (GET openapi.json lists the API)";
            case 405:
                return "Method not allowed on " + path() + "; it takes " + allowed(original);
            case 406:
                return "This resource cannot answer in the media type that Accept asks for (it answers "
                        + "application/json)";
            case 415:
                return own != null ? own : "Send the request body as JSON, with Content-Type: application/json";
            default:
                if (status >= 500) {
                    log.warn("REST request failed with {}", status, e);
                    return "Sixflow could not answer this request (" + status + "); the server log has the details";
                }
                return own != null ? own : Response.Status.fromStatusCode(status) != null
                        ? Response.Status.fromStatusCode(status).getReasonPhrase() : "HTTP error " + status;
        }
    }

    private String allowed(Response original) {
        String allow = original.getHeaderString(HttpHeaders.ALLOW);
        return allow == null ? "other methods" : allow.replace(",", ", ");
    }

    private String path() {
        return uri == null ? "this path" : "/" + uri.getPath();
    }
}
