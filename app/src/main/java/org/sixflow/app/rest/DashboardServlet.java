// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.sixflow.app.rest.http.SecurityHeaders;

import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Serves the Angular dashboard that the app bundle carries (web/dist, built before the bundle),
 * at /onos/sixflow/ui/ beside the REST API. Paths that name no file get index.html, so the
 * Angular router handles deep links such as /ui/trees?tree=video; index.html's base href is
 * set to where the servlet is mounted, so one build serves here, behind nginx and in tests.
 * The page carries a Content-Security-Policy with a nonce made for it, written where the build
 * left {@link SecurityHeaders#NONCE_PLACEHOLDER}; other methods than GET and HEAD are refused
 * with a JSON 405.
 */
public class DashboardServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final String BUNDLED = "/dashboard/";
    private static final String INDEX = "index.html";
    private static final String BUILT_BASE = "<base href=\"/\">";
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "json", "application/json", "ico", "image/x-icon",
            "svg", "image/svg+xml", "png", "image/png", "txt", "text/plain; charset=utf-8",
            "woff2", "font/woff2");

    private final transient Function<String, Optional<URL>> files;

    /** Serves the dashboard from the bundle's class path (what web.xml instantiates). */
    public DashboardServlet() {
        this(path -> Optional.ofNullable(DashboardServlet.class.getResource(BUNDLED + path)));
    }

    /**
     * Serves the dashboard from elsewhere (the e2e harness serves web/dist).
     *
     * @param files the URL of a file by its path relative to the dashboard's root, if present
     */
    public DashboardServlet(Function<String, Optional<URL>> files) {
        this.files = files;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        SecurityHeaders.apply(response);   // also where the web context's filter is not in front
        String method = request.getMethod();
        if (method.equals("GET") || method.equals("HEAD")) {
            super.service(request, response);
            return;
        }
        response.setHeader("Allow", "GET, HEAD");
        JsonErrorServlet.write(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                               "The dashboard is read with GET; the REST API is under v1/");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        if (path.isEmpty() && request.getServletPath().length() > 0) {
            // /onos/sixflow/ui without the slash: relative asset URLs need it.
            response.sendRedirect(request.getRequestURI() + "/");
            return;
        }
        String name = path.startsWith("/") ? path.substring(1) : path;
        Optional<URL> file = name.isEmpty() || name.contains("..") || name.endsWith("/")
                ? Optional.empty() : files.apply(name);
        if (file.isEmpty()) {
            name = INDEX;
            file = files.apply(INDEX);
        }
        if (file.isEmpty()) {
            JsonErrorServlet.write(response, HttpServletResponse.SC_NOT_FOUND,
                                   "This Sixflow app bundle carries no dashboard: build web/ (make build) before "
                                           + "packaging the app, or use the lab's web container");
            return;
        }
        byte[] body;
        try (InputStream in = file.get().openStream()) {
            body = in.readAllBytes();
        }
        if (name.equals(INDEX)) {
            String base = "<base href=\"" + request.getContextPath() + request.getServletPath() + "/\">";
            String nonce = SecurityHeaders.nonce();
            body = new String(body, StandardCharsets.UTF_8).replace(BUILT_BASE, base)
                    .replace(SecurityHeaders.NONCE_PLACEHOLDER, nonce).getBytes(StandardCharsets.UTF_8);
            response.setHeader("Content-Security-Policy", SecurityHeaders.dashboardPolicy(nonce));
        }
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        response.setContentType(TYPES.getOrDefault(extension, "application/octet-stream"));
        // Bundled file names carry content hashes, but index.html must be fetched afresh after an upgrade.
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
