// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.junit.rules.ExternalResource;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A {@link PostgresTestServer} for a test class: {@code @ClassRule public static PostgresResource
 * postgres = new PostgresResource();} starts it before the first test and removes it after the last.
 */
public class PostgresResource extends ExternalResource {

    private PostgresTestServer server;

    @Override
    protected void before() throws IOException {
        server = PostgresTestServer.start();
    }

    @Override
    protected void after() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public PostgresTestServer server() {
        return server;
    }
}
