// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import org.sixflow.app.rest.errors.JsonErrors;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Answers in JSON, in front of Jersey, the requests Jersey itself refuses with a bare 400 that no
 * exception mapper or filter sees: a path with a raw brace (Jersey reads it as a URI template),
 * 400; a write whose Content-Type is no single media type ("", "; charset=utf-8", a list, which
 * Jersey parses while matching a method that consumes JSON), 415; and a body declared longer than
 * {@link RequestLimits#MAX_BODY_BYTES}, 413, before anything reads it (Jersey opens the body
 * stream before its filters run, which tells a client waiting on "Expect: 100-continue" to send it).
 *
 * <p>After any 413 (declared here, or found by Jersey while reading a body sent without a
 * length) the rest of the body, up to {@link RequestLimits#MAX_DISCARDED_BODY_BYTES}, is read and
 * dropped once the answer is sent. Clients such as Python's requests and urllib write the whole
 * body before they read: a connection closed on unread data is reset, and they see a broken pipe
 * instead of the 413. A client that waits for "100 Continue" sent no body and is left alone.
 */
public class UnparsableRequestFilter implements Filter {

    // RFC 9110 section 8.3: type "/" subtype, then parameters; tokens only, no list.
    private static final Pattern MEDIA_TYPE = Pattern.compile(
            "\\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+/[A-Za-z0-9!#$%&'*+.^_`|~-]+\\s*(;[^,]*)?");

    @Override
    public void init(FilterConfig config) {
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest && response instanceof HttpServletResponse) {
            HttpServletRequest http = (HttpServletRequest) request;
            String uri = http.getRequestURI();
            if (uri != null && (uri.indexOf('{') >= 0 || uri.indexOf('}') >= 0)) {
                refuse((HttpServletResponse) response, HttpServletResponse.SC_BAD_REQUEST,
                       "the path has a raw brace: percent-encode it (%7B, %7D)");
                return;
            }
            if (http.getContentLengthLong() > RequestLimits.MAX_BODY_BYTES) {
                refuse((HttpServletResponse) response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                       JsonBodies.TOO_LARGE);
                discardBody(http, (HttpServletResponse) response);
                return;
            }
            String header = http.getHeader("Content-Type");
            if (header != null && JsonContentTypeFilter.WRITES.contains(http.getMethod())
                    && !MEDIA_TYPE.matcher(header).matches()) {
                String shown = header.length() <= RequestLimits.MAX_QUERY_VALUE_CHARS ? header
                        : header.substring(0, RequestLimits.MAX_QUERY_VALUE_CHARS) + "…";
                refuse((HttpServletResponse) response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
                       "Content-Type \"" + shown + "\" is not a media type: send application/json");
                return;
            }
        }
        chain.doFilter(request, response);
        if (request instanceof HttpServletRequest && response instanceof HttpServletResponse
                && ((HttpServletResponse) response).getStatus() == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE) {
            discardBody((HttpServletRequest) request, (HttpServletResponse) response);
        }
    }

    /**
     * Sends the answer, then reads and drops what is left of a refused body, up to the bound
     * (past it the container closes the connection). A client too slow to send it is cut off by
     * the connector's minimum request data rate and idle timeout.
     */
    private static void discardBody(HttpServletRequest request, HttpServletResponse response) {
        if (request.getContentLengthLong() > RequestLimits.MAX_DISCARDED_BODY_BYTES
                || "100-continue".equalsIgnoreCase(request.getHeader("Expect"))) {
            return;
        }
        try {
            response.flushBuffer();
            InputStream body = request.getInputStream();
            byte[] sink = new byte[65536];
            long read = 0;
            int n;
            while (read <= RequestLimits.MAX_DISCARDED_BODY_BYTES && (n = body.read(sink)) >= 0) {
                read += n;
            }
        } catch (IOException | IllegalStateException e) {
            // The client stopped sending, or the body was taken as a reader: the 413 is out already.
        }
    }

    private static void refuse(HttpServletResponse response, int status, String message) throws IOException {
        byte[] body = JsonErrors.body(status, message).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        // The body was not read: the connection must not carry its rest into a next request.
        response.setHeader("Connection", "close");
        response.getOutputStream().write(body);
    }

    @Override
    public void destroy() {
    }
}
