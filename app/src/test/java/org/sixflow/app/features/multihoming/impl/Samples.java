// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * What iperf3 3.12 and iputils ping 20221126 printed on a real machine (the resources beside this
 * class): a UDP run of 2 Mbit/s in 66-octet datagrams (128-octet frames) and one that lost a third
 * of its datagrams, a TCP run with -M 1440 (1514-octet frames), a client refused by a port with no
 * server, a server whose client was killed mid-test; ping's summary (-q) with replies and
 * without, its reply lines, its Destination Unreachable lines, and a failover's pings every 20 ms
 * with the replies dropped for 0.7 s (and, in the other, dropped with neighbour discovery for
 * 4.5 s, so the sender's own Destination Unreachable lines came in between).
 */
final class Samples {

    static final String UDP_CLIENT = "iperf3-udp-client.json";
    static final String UDP_SERVER = "iperf3-udp-server.json";
    static final String LOSSY_CLIENT = "iperf3-udp-lossy-client.json";
    static final String LOSSY_SERVER = "iperf3-udp-lossy-server.json";
    static final String TCP_CLIENT = "iperf3-tcp-client.json";
    static final String TCP_SERVER = "iperf3-tcp-server.json";
    static final String REFUSED_CLIENT = "iperf3-refused-client.json";
    static final String ABORTED_SERVER = "iperf3-aborted-server.json";
    static final String PING_SUMMARY = "ping-summary.txt";
    static final String PING_NO_REPLIES = "ping-no-replies.txt";
    static final String PING_REPLIES = "ping-replies.txt";
    static final String PING_UNREACHABLE = "ping-unreachable.txt";
    static final String PING_FAILOVER = "ping-failover.txt";
    static final String PING_FAILOVER_UNREACHABLE = "ping-failover-unreachable.txt";
    /** ping -D -i 0.02 -c 60 in a namespace whose echo replies an nft rule dropped for 0.5 s. */
    static final String PING_FAILOVER_TIMED = "ping-failover-timed.txt";

    private Samples() {
    }

    /**
     * A sample's text.
     *
     * @param name its file
     * @return what the command printed
     */
    static String text(String name) {
        try (InputStream in = Samples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no sample " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
