// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.sixflow.app.features.multihoming.api.PingSummary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What Linux's ping (iputils) printed: its summary, and the sequence numbers answered. */
final class PingReport {

    private static final Pattern COUNTS = Pattern.compile("(\\d+) packets transmitted, (\\d+) received");
    private static final Pattern RTT = Pattern.compile(
            "= ([0-9.]+)/([0-9.]+)/([0-9.]+)/([0-9.]+) ms");
    /**
     * An echo reply ("64 bytes from ADDR: icmp_seq=N ttl=..."), not an error naming the echo it
     * answers ("From ADDR icmp_seq=N Destination unreachable: ...").
     */
    private static final Pattern REPLY = Pattern.compile("bytes from [^\\n]*?icmp_seq=(\\d+) ");

    /** A timed echo reply (ping -D): "[EPOCH.MICROS] 64 bytes from ADDR: icmp_seq=N ...". */
    private static final Pattern TIMED_REPLY = Pattern.compile(
            "\\[([0-9]+\\.[0-9]+)\\] [^\\n\\[]*?bytes from [^\\n]*?icmp_seq=(\\d+) ");

    private PingReport() {
    }

    /**
     * Reads ping's summary.
     *
     * @param output what ping printed
     * @return the summary
     * @throws IllegalArgumentException if it printed none
     */
    static PingSummary summary(String output) {
        Matcher counts = COUNTS.matcher(output == null ? "" : output);
        if (!counts.find()) {
            throw new IllegalArgumentException("ping printed no summary: " + Excerpt.of(output));
        }
        int sent = Integer.parseInt(counts.group(1));
        int received = Integer.parseInt(counts.group(2));
        Matcher rtt = RTT.matcher(output);
        if (!rtt.find()) {
            return new PingSummary(sent, received, null, null, null, null);
        }
        return new PingSummary(sent, received, Double.parseDouble(rtt.group(1)), Double.parseDouble(rtt.group(2)),
                               Double.parseDouble(rtt.group(3)), Double.parseDouble(rtt.group(4)));
    }

    /**
     * The sequence numbers of the echoes answered, in the order the replies came (errors such as
     * Destination Unreachable answer no echo).
     *
     * @param output what ping printed (without -q)
     * @return the sequence numbers
     */
    static List<Integer> answered(String output) {
        List<Integer> seqs = new ArrayList<>();
        Matcher m = REPLY.matcher(output == null ? "" : output);
        while (m.find()) {
            seqs.add(Integer.parseInt(m.group(1)));
        }
        return seqs;
    }

    /**
     * When the reply to each echo came, where ping printed the time (-D).
     *
     * @param output what ping printed
     * @return sequence number to epoch seconds; empty without -D
     */
    static Map<Integer, Double> replyTimes(String output) {
        Map<Integer, Double> times = new HashMap<>();
        Matcher m = TIMED_REPLY.matcher(output == null ? "" : output);
        while (m.find()) {
            times.putIfAbsent(Integer.parseInt(m.group(2)), Double.parseDouble(m.group(1)));
        }
        return times;
    }
}
