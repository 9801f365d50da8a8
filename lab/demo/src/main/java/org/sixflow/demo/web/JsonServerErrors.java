// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.sixflow.app.rest.errors.JsonErrors;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Jetty's own error answers (a request it cannot parse, a URI or headers too long, an error
 * outside every context) as Sixflow's JSON error. In ONOS these are Karaf's Jetty's to give;
 * inside the app's context web.xml's error pages answer.
 */
public final class JsonServerErrors extends ErrorHandler {

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request,
                                              HttpServletResponse response, int code, String message)
            throws IOException {
        baseRequest.setHandled(true);
        JsonErrorServlet.write(response, code, reason(code));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, "application/json"));
        return ByteBuffer.wrap(JsonErrors.body(status, reason(status)).getBytes(StandardCharsets.UTF_8));
    }

    /** The reason phrase of a status, without the container's message (it may carry exception text). */
    static String reason(int status) {
        if (status == 414) {
            return "Request URI too long";
        }
        if (status == 431) {
            return "Request headers too large";
        }
        Response.Status known = Response.Status.fromStatusCode(status);
        return known != null ? known.getReasonPhrase() : "HTTP error " + status;
    }
}
