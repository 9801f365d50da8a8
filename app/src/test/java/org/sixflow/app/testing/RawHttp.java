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
    private static final int EXPECT_CONTINUE_ABOVE = 64 * 1024;

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
        // Expect: 100-continue for large bodies: a server that refuses a body from its headers (413
        // by its length) answers before the client sends it, rather than closing on a body still
        // being written. Such an exchange leaves its connection unusable (the body was never sent),
        // and the JDK's client may pool it anyway: it gets a client of its own.
        boolean expectContinue = body != null && body.length > EXPECT_CONTINUE_ABOVE;
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .expectContinue(expectContinue)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpClient client = expectContinue ? HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
                    : CLIENT;
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + uri + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
