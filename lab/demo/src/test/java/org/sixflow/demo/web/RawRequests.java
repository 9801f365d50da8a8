// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * Requests written byte by byte on a socket, for what an HTTP client library would not send: a
 * body that trickles in, a body written whole before the answer is read, a chunked body of a set
 * size.
 */
final class RawRequests {

    /** How long a test waits for an answer before it fails rather than hangs. */
    static final int READ_TIMEOUT_MILLIS = 30_000;

    private RawRequests() {
    }

    /**
     * Opens a connection to a server.
     *
     * @param url the server's address (only host and port count)
     * @return the connected socket, reads timing out after {@link #READ_TIMEOUT_MILLIS}
     * @throws IOException when it cannot connect
     */
    static Socket connect(String url) throws IOException {
        URL address = new URL(url);
        Socket socket = new Socket(address.getHost(), address.getPort());
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    /**
     * Writes a request whole, as Python's requests and urllib do, and only then reads the answer
     * to the end (the request should say Connection: close).
     *
     * @param url     the server's address
     * @param head    request line and headers, with the empty line that ends them
     * @param body    the body
     * @param chunked whether to send the body in chunks of 64 KiB (the head says Transfer-Encoding: chunked)
     * @return the whole answer, status line first
     * @throws IOException when the connection fails
     */
    static String writeThenRead(String url, String head, byte[] body, boolean chunked) throws IOException {
        try (Socket socket = connect(url)) {
            OutputStream out = socket.getOutputStream();
            out.write(ascii(head));
            if (chunked) {
                for (int at = 0; at < body.length; at += 65536) {
                    int n = Math.min(65536, body.length - at);
                    out.write(ascii(Integer.toHexString(n) + "\r\n"));
                    out.write(body, at, n);
                    out.write(ascii("\r\n"));
                }
                out.write(ascii("0\r\n\r\n"));
            } else {
                out.write(body);
            }
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The status of an answer read off the socket.
     *
     * @param answer the answer, starting with its status line
     * @return e.g. 400
     */
    static int status(String answer) {
        if (!answer.startsWith("HTTP/1.1 ") || answer.length() < 12) {
            throw new AssertionError("not an HTTP/1.1 answer: " + answer);
        }
        return Integer.parseInt(answer.substring(9, 12));
    }

    /**
     * Text as the bytes a request's head is written in.
     *
     * @param text request line, headers or chunk framing
     * @return its US-ASCII bytes
     */
    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
