// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One trial's results: what iperf3 measured (UDP: sent, goodput, loss, byte loss, jitter,
 * reordering; TCP: goodput, retransmissions), ping's round trips beside it, what each uplink
 * carried, each switch's own per-packet time, and the routing state before and after (ONOS's
 * routes, and the flow entries ONOS read from each switch). A measure the trial could not take is
 * absent; a trial that failed says why in {@link #error()}.
 */
public final class TrialCell {

    private final PlannedTrial trial;
    private final Instant startedAt;
    private final Double sentMbps;
    private final Double goodputMbps;
    private final Long packetsSent;
    private final Long packetsLost;
    private final Long bytesSent;
    private final Long bytesReceived;
    private final Double jitterMs;
    private final Long reordered;
    private final Long retransmits;
    private final PingSummary rtt;
    private final List<UplinkCount> uplinks;
    private final List<SwitchLatency> switchLatency;
    private final int routesBefore;
    private final int routesAfter;
    private final Map<DeviceId, Integer> entriesBefore;
    private final Map<DeviceId, Integer> entriesAfter;
    private final CellLimit limit;
    private final String limitReason;
    private final String error;

    private TrialCell(Builder b) {
        this.trial = Objects.requireNonNull(b.trial, "trial");
        this.startedAt = Objects.requireNonNull(b.startedAt, "startedAt");
        this.sentMbps = b.sentMbps;
        this.goodputMbps = b.goodputMbps;
        this.packetsSent = b.packetsSent;
        this.packetsLost = b.packetsLost;
        this.bytesSent = b.bytesSent;
        this.bytesReceived = b.bytesReceived;
        this.jitterMs = b.jitterMs;
        this.reordered = b.reordered;
        this.retransmits = b.retransmits;
        this.rtt = b.rtt;
        this.uplinks = List.copyOf(b.uplinks);
        this.switchLatency = List.copyOf(b.switchLatency);
        this.routesBefore = b.routesBefore;
        this.routesAfter = b.routesAfter;
        this.entriesBefore = Map.copyOf(b.entriesBefore);
        this.entriesAfter = Map.copyOf(b.entriesAfter);
        this.limit = b.limit;
        this.limitReason = b.limitReason;
        this.error = b.error;
    }

    /**
     * A builder.
     *
     * @param trial     the planned trial
     * @param startedAt when it started
     * @return the builder
     */
    public static Builder builder(PlannedTrial trial, Instant startedAt) {
        return new Builder(trial, startedAt);
    }

    /** A builder holding this cell's values. */
    public Builder toBuilder() {
        return new Builder(trial, startedAt).sent(sentMbps, packetsSent, bytesSent)
                .received(goodputMbps, packetsLost, bytesReceived).jitterMs(jitterMs).reordered(reordered)
                .retransmits(retransmits).rtt(rtt).uplinks(uplinks).switchLatency(switchLatency)
                .routes(routesBefore, routesAfter).entries(entriesBefore, entriesAfter).limit(limit, limitReason)
                .error(error);
    }

    public PlannedTrial trial() {
        return trial;
    }

    public Instant startedAt() {
        return startedAt;
    }

    /** What the sender sent, Mbit/s of payload. */
    public Optional<Double> sentMbps() {
        return Optional.ofNullable(sentMbps);
    }

    /** What the receiver got, Mbit/s of payload. */
    public Optional<Double> goodputMbps() {
        return Optional.ofNullable(goodputMbps);
    }

    /** UDP datagrams sent. */
    public Optional<Long> packetsSent() {
        return Optional.ofNullable(packetsSent);
    }

    /** UDP datagrams the receiver missed (by iperf3's sequence numbers). */
    public Optional<Long> packetsLost() {
        return Optional.ofNullable(packetsLost);
    }

    /** packetsLost of packetsSent, in percent. */
    public Optional<Double> lossPercent() {
        return packetsSent == null || packetsLost == null || packetsSent == 0 ? Optional.empty()
                : Optional.of(100.0 * packetsLost / packetsSent);
    }

    /** Payload octets sent. */
    public Optional<Long> bytesSent() {
        return Optional.ofNullable(bytesSent);
    }

    /** Payload octets received. */
    public Optional<Long> bytesReceived() {
        return Optional.ofNullable(bytesReceived);
    }

    /** Octets that did not arrive, in percent of those sent: the thesis's byte loss. */
    public Optional<Double> byteLossPercent() {
        return bytesSent == null || bytesReceived == null || bytesSent == 0 ? Optional.empty()
                : Optional.of(100.0 * Math.max(0, bytesSent - bytesReceived) / bytesSent);
    }

    /** RFC 3550 jitter at the receiver, ms (UDP). */
    public Optional<Double> jitterMs() {
        return Optional.ofNullable(jitterMs);
    }

    /** Datagrams that came out of order (UDP). */
    public Optional<Long> reordered() {
        return Optional.ofNullable(reordered);
    }

    /** TCP retransmissions. */
    public Optional<Long> retransmits() {
        return Optional.ofNullable(retransmits);
    }

    /** Ping's round trips during the trial. */
    public Optional<PingSummary> rtt() {
        return Optional.ofNullable(rtt);
    }

    /** What each uplink carried; empty where the protocol has no per-uplink counter. */
    public List<UplinkCount> uplinks() {
        return uplinks;
    }

    public List<SwitchLatency> switchLatency() {
        return switchLatency;
    }

    /** ONOS's routes before the trial. */
    public int routesBefore() {
        return routesBefore;
    }

    /** And after. */
    public int routesAfter() {
        return routesAfter;
    }

    /** Flow entries ONOS read from each switch before the trial. */
    public Map<DeviceId, Integer> entriesBefore() {
        return entriesBefore;
    }

    /** And after. */
    public Map<DeviceId, Integer> entriesAfter() {
        return entriesAfter;
    }

    public Optional<CellLimit> limit() {
        return Optional.ofNullable(limit);
    }

    /** The evidence for the limit, in words. */
    public Optional<String> limitReason() {
        return Optional.ofNullable(limitReason);
    }

    /** Why the trial failed (a command that did not run or said nothing readable). */
    public Optional<String> error() {
        return Optional.ofNullable(error);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TrialCell)) {
            return false;
        }
        TrialCell that = (TrialCell) o;
        return trial.equals(that.trial) && startedAt.equals(that.startedAt) && Objects.equals(sentMbps, that.sentMbps)
                && Objects.equals(goodputMbps, that.goodputMbps) && Objects.equals(packetsSent, that.packetsSent)
                && Objects.equals(packetsLost, that.packetsLost) && Objects.equals(bytesSent, that.bytesSent)
                && Objects.equals(bytesReceived, that.bytesReceived) && Objects.equals(jitterMs, that.jitterMs)
                && Objects.equals(reordered, that.reordered) && Objects.equals(retransmits, that.retransmits)
                && Objects.equals(rtt, that.rtt) && uplinks.equals(that.uplinks)
                && switchLatency.equals(that.switchLatency) && routesBefore == that.routesBefore
                && routesAfter == that.routesAfter && entriesBefore.equals(that.entriesBefore)
                && entriesAfter.equals(that.entriesAfter) && limit == that.limit
                && Objects.equals(limitReason, that.limitReason) && Objects.equals(error, that.error);
    }

    @Override
    public int hashCode() {
        return Objects.hash(trial, startedAt, goodputMbps, packetsLost, rtt, limit, error);
    }

    @Override
    public String toString() {
        return trial + ": " + (error != null ? "failed: " + error : "goodput " + goodputMbps + " Mbit/s");
    }

    /** Builds a cell. */
    public static final class Builder {
        private final PlannedTrial trial;
        private final Instant startedAt;
        private Double sentMbps;
        private Double goodputMbps;
        private Long packetsSent;
        private Long packetsLost;
        private Long bytesSent;
        private Long bytesReceived;
        private Double jitterMs;
        private Long reordered;
        private Long retransmits;
        private PingSummary rtt;
        private List<UplinkCount> uplinks = List.of();
        private List<SwitchLatency> switchLatency = List.of();
        private int routesBefore;
        private int routesAfter;
        private Map<DeviceId, Integer> entriesBefore = Map.of();
        private Map<DeviceId, Integer> entriesAfter = Map.of();
        private CellLimit limit;
        private String limitReason;
        private String error;

        private Builder(PlannedTrial trial, Instant startedAt) {
            this.trial = trial;
            this.startedAt = startedAt;
        }

        /** The sender's side: rate (Mbit/s of payload), datagrams (UDP) and octets. */
        public Builder sent(Double mbps, Long packets, Long bytes) {
            this.sentMbps = mbps;
            this.packetsSent = packets;
            this.bytesSent = bytes;
            return this;
        }

        /** The receiver's side: goodput (Mbit/s of payload), datagrams lost (UDP) and octets. */
        public Builder received(Double mbps, Long lost, Long bytes) {
            this.goodputMbps = mbps;
            this.packetsLost = lost;
            this.bytesReceived = bytes;
            return this;
        }

        public Builder jitterMs(Double value) {
            this.jitterMs = value;
            return this;
        }

        public Builder reordered(Long value) {
            this.reordered = value;
            return this;
        }

        public Builder retransmits(Long value) {
            this.retransmits = value;
            return this;
        }

        public Builder rtt(PingSummary value) {
            this.rtt = value;
            return this;
        }

        public Builder uplinks(List<UplinkCount> value) {
            this.uplinks = value;
            return this;
        }

        public Builder switchLatency(List<SwitchLatency> value) {
            this.switchLatency = value;
            return this;
        }

        public Builder routes(int before, int after) {
            this.routesBefore = before;
            this.routesAfter = after;
            return this;
        }

        public Builder entries(Map<DeviceId, Integer> before, Map<DeviceId, Integer> after) {
            this.entriesBefore = before;
            this.entriesAfter = after;
            return this;
        }

        public Builder limit(CellLimit value, String reason) {
            this.limit = value;
            this.limitReason = reason;
            return this;
        }

        public Builder error(String value) {
            this.error = value;
            return this;
        }

        public TrialCell build() {
            return new TrialCell(this);
        }
    }
}
