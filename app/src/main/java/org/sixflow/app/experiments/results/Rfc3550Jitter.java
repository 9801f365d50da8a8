// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

/**
 * RFC 3550's interarrival jitter (section 6.4.1): J = J + (|D(i−1, i)| − J) / 16 over packets in
 * arrival order, with D the difference of consecutive packets' transit times. A device's transit
 * time of a packet is its latency there (egress − ingress timestamp of one clock).
 */
public final class Rfc3550Jitter {

    private Rfc3550Jitter() {
    }

    /**
     * Computes the jitter after the last packet.
     *
     * @param transitNanos transit times in arrival order
     * @return J in nanoseconds; 0 for fewer than two packets
     */
    public static double of(double[] transitNanos) {
        double jitter = 0;
        for (int i = 1; i < transitNanos.length; i++) {
            double d = Math.abs(transitNanos[i] - transitNanos[i - 1]);
            jitter += (d - jitter) / 16.0;
        }
        return jitter;
    }
}
