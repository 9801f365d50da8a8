// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Serves the built dashboard (web/dist/sixflow-web/browser). Paths that name no file get
 * index.html, so the Angular router handles deep links such as /trees?tree=video.
 */
final class DashboardFiles extends AbstractHandler {

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "json", "application/json", "ico", "image/x-icon",
            "svg", "image/svg+xml", "png", "image/png", "txt", "text/plain; charset=utf-8");

    private final Path root;

    DashboardFiles(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public void handle(String target, Request base, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            return;
        }
        Path file = root.resolve(target.substring(1)).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            file = root.resolve("index.html");
        }
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        response.setContentType(TYPES.getOrDefault(extension, "application/octet-stream"));
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength((int) Files.size(file));
        if ("GET".equals(request.getMethod())) {
            Files.copy(file, response.getOutputStream());
        }
        base.setHandled(true);
    }
}
