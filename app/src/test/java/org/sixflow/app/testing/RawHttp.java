// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Requests exactly as written, headers included (JAX-RS clients add a Content-Type of their own),
 * for tests of what a server answers to malformed requests.
 */
public final class RawHttp {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private RawHttp() {
    }

    /**
     * Sends a request.
     *
     * @param method  HTTP method
     * @param uri     where
     * @param body    the body bytes, or null for none
     * @param headers name, value, name, value …
     * @return the answer, body as text
     */
    public static HttpResponse<String> send(String method, URI uri, byte[] body, String... headers) {
        // Expect: 100-continue: a server that refuses a body from its headers (413 by its length)
        // answers before the client sends it, rather than closing on a body still being written.
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .expectContinue(body != null && body.length > 0)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + uri + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
