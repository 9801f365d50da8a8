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
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Answers in JSON, in front of Jersey, the requests Jersey itself refuses with a bare 400 that no
 * exception mapper or filter sees: a path with a raw brace (Jersey reads it as a URI template),
 * 400; a write whose Content-Type is no single media type ("", "; charset=utf-8", a list, which
 * Jersey parses while matching a method that consumes JSON), 415; and a body declared longer than
 * {@link RequestLimits#MAX_BODY_BYTES}, 413, before anything reads it (Jersey opens the body
 * stream before its filters run, which tells a client waiting on "Expect: 100-continue" to send it).
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
