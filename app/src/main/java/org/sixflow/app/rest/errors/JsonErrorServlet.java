// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import javax.servlet.RequestDispatcher;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The web context's error page (web.xml's error-page entries): what the servlet container
 * answers by itself (401 before authentication, 404 outside the servlets, a servlet that failed)
 * becomes Sixflow's JSON error instead of the container's HTML page. Only the status's reason is
 * told; the container's message can carry exception text. Asked for directly, it answers 404.
 */
public class JsonErrorServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer ? (Integer) code : HttpServletResponse.SC_NOT_FOUND;
        write(response, status, message(status));
    }

    /**
     * Writes a JSON error answer.
     *
     * @param response the answer
     * @param status   HTTP status
     * @param message  what is wrong
     * @throws IOException if the client is gone
     */
    public static void write(HttpServletResponse response, int status, String message) throws IOException {
        byte[] body = JsonErrors.body(status, message).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        if (status == HttpServletResponse.SC_SERVICE_UNAVAILABLE && response.getHeader("Retry-After") == null) {
            response.setHeader("Retry-After", String.valueOf(JsonErrors.RETRY_AFTER_SECONDS));
        }
        response.getOutputStream().write(body);
    }

    private static String message(int status) {
        switch (status) {
            case HttpServletResponse.SC_UNAUTHORIZED:
                return "Sign in: ONOS's user name and password (HTTP basic authentication)";
            case HttpServletResponse.SC_FORBIDDEN:
                return "Your ONOS user may not do this";
            case HttpServletResponse.SC_NOT_FOUND:
                return "No such resource (the REST API is under v1/, the dashboard under ui/)";
            default:
                Response.Status known = Response.Status.fromStatusCode(status);
                if (status >= 500) {
                    return "Sixflow could not answer this request (" + status + "); the server log has the details";
                }
                return known != null ? known.getReasonPhrase() : "HTTP error " + status;
        }
    }
}
