// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/**
 * What a trial's iperf3 pair measured, read from the JSON of both ends (iperf3 3.x, {@code -J}).
 * The receiver's octets are the sum of the server's intervals (iperf3 3.12's server totals report
 * 0 octets for UDP); the sender's are its own total. Loss, jitter and reordering are the
 * server's, from the datagrams' sequence numbers.
 */
final class Iperf3Report {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    final double sentMbps;
    final long bytesSent;
    final Long packetsSent;
    final double goodputMbps;
    final long bytesReceived;
    final Long packetsLost;
    final Double jitterMs;
    final Long reordered;
    final Long retransmits;
    /** The address the server saw the client by. */
    final String remoteHost;

    private Iperf3Report(double sentMbps, long bytesSent, Long packetsSent, double goodputMbps, long bytesReceived,
                         Long packetsLost, Double jitterMs, Long reordered, Long retransmits, String remoteHost) {
        this.sentMbps = sentMbps;
        this.bytesSent = bytesSent;
        this.packetsSent = packetsSent;
        this.goodputMbps = goodputMbps;
        this.bytesReceived = bytesReceived;
        this.packetsLost = packetsLost;
        this.jitterMs = jitterMs;
        this.reordered = reordered;
        this.retransmits = retransmits;
        this.remoteHost = remoteHost;
    }

    /**
     * Reads the two ends' JSON.
     *
     * @param client the client's output
     * @param server the server's output
     * @param udp    whether the trial was UDP
     * @return the report
     * @throws IllegalArgumentException saying what is missing (an iperf3 error is quoted)
     */
    static Iperf3Report parse(String client, String server, boolean udp) {
        JsonNode c = read(client, "client");
        JsonNode s = read(server, "server");
        JsonNode sent = c.path("end").path("sum_sent");
        if (!sent.has("bytes")) {
            throw new IllegalArgumentException("iperf3's client reported no totals");
        }
        long bytesReceived = 0;
        for (JsonNode interval : s.path("intervals")) {
            bytesReceived += interval.path("sum").path("bytes").asLong();
        }
        JsonNode serverEnd = s.path("end");
        JsonNode received = udp ? serverEnd.path("sum") : serverEnd.path("sum_received");
        double seconds = received.path("seconds").asDouble(0);
        if (seconds <= 0) {
            seconds = sent.path("seconds").asDouble(0);
        }
        double goodput = seconds > 0 ? bytesReceived * 8 / seconds / 1e6 : 0;
        Long reordered = null;
        if (udp) {
            reordered = 0L;
            for (JsonNode stream : serverEnd.path("streams")) {
                reordered += stream.path("udp").path("out_of_order").asLong();
            }
        }
        String remote = s.path("start").path("connected").path(0).path("remote_host").asText(null);
        return new Iperf3Report(sent.path("bits_per_second").asDouble() / 1e6, sent.path("bytes").asLong(),
                                udp ? sent.path("packets").asLong() : null, goodput, bytesReceived,
                                udp ? received.path("lost_packets").asLong() : null,
                                udp ? received.path("jitter_ms").asDouble() : null, reordered,
                                udp ? null : sent.path("retransmits").asLong(), remote);
    }

    /**
     * Reads the client's JSON alone, before the server's is awaited.
     *
     * @param client the client's output
     * @throws IllegalArgumentException if it printed no JSON or an error (quoted)
     */
    static void checkClient(String client) {
        read(client, "client");
    }

    private static JsonNode read(String text, String end) {
        JsonNode json;
        try {
            json = MAPPER.readTree(text == null ? "" : text);
        } catch (IOException e) {
            throw new IllegalArgumentException("iperf3's " + end + " printed no JSON: " + Excerpt.of(text));
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("iperf3's " + end + " printed no JSON: " + Excerpt.of(text));
        }
        if (json.has("error")) {
            throw new IllegalArgumentException("iperf3's " + end + ": " + json.get("error").asText());
        }
        return json;
    }
}
