// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Loopback ports a test's Karaf listens on, free when chosen, so that it runs beside other builds.
 */
final class KarafPorts {

    private final int ssh;
    private final int http;
    private final int rmiRegistry;
    private final int rmiServer;

    private KarafPorts(int ssh, int http, int rmiRegistry, int rmiServer) {
        this.ssh = ssh;
        this.http = http;
        this.rmiRegistry = rmiRegistry;
        this.rmiServer = rmiServer;
    }

    /**
     * Picks four distinct free ports on 127.0.0.1.
     *
     * @return the ports
     * @throws IOException when no port can be opened
     */
    static KarafPorts pickFree() throws IOException {
        // All four sockets stay open until all are chosen, so the ports differ.
        try (ServerSocket a = open(); ServerSocket b = open(); ServerSocket c = open(); ServerSocket d = open()) {
            return new KarafPorts(a.getLocalPort(), b.getLocalPort(), c.getLocalPort(), d.getLocalPort());
        }
    }

    private static ServerSocket open() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    int ssh() {
        return ssh;
    }

    int http() {
        return http;
    }

    int rmiRegistry() {
        return rmiRegistry;
    }

    int rmiServer() {
        return rmiServer;
    }
}
