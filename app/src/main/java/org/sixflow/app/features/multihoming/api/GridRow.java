// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.ConnectPoint;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One cell of the thesis's grid: a protocol, sharing level, frame size and load (or TCP), its
 * repetitions' means (goodput with a Student-t 95 % confidence half width), and the limit when
 * any repetition met one.
 */
public final class GridRow {

    private final MultihomingProtocol protocol;
    private final String sharing;
    private final StudyTransport transport;
    private final int frameSize;
    private final Double loadMbps;
    private final int repetitions;
    private final Double goodputMbps;
    private final Double goodputCi95;
    private final Double lossPercent;
    private final Double byteLossPercent;
    private final Double jitterMs;
    private final Double reordered;
    private final Double rttMeanMs;
    private final Map<ConnectPoint, Double> uplinkShares;
    private final CellLimit limit;

    /**
     * Creates a row; absent figures are null.
     *
     * @param protocol        the protocol
     * @param sharing         "80/20" or null
     * @param transport       UDP or TCP
     * @param frameSize       the frame size
     * @param loadMbps        UDP's rate, null for TCP
     * @param repetitions     repetitions that measured
     * @param goodputMbps     mean goodput
     * @param goodputCi95     its 95 % confidence half width (two or more repetitions)
     * @param lossPercent     mean loss
     * @param byteLossPercent mean byte loss
     * @param jitterMs        mean jitter
     * @param reordered       mean datagrams reordered
     * @param rttMeanMs       mean RTT
     * @param uplinkShares    mean share of the outbound packets per uplink
     * @param limit           the limit any repetition met, or null
     */
    public GridRow(MultihomingProtocol protocol, String sharing, StudyTransport transport, int frameSize,
                   Double loadMbps, int repetitions, Double goodputMbps, Double goodputCi95, Double lossPercent,
                   Double byteLossPercent, Double jitterMs, Double reordered, Double rttMeanMs,
                   Map<ConnectPoint, Double> uplinkShares, CellLimit limit) {
        this.protocol = Objects.requireNonNull(protocol);
        this.sharing = sharing;
        this.transport = Objects.requireNonNull(transport);
        this.frameSize = frameSize;
        this.loadMbps = loadMbps;
        this.repetitions = repetitions;
        this.goodputMbps = goodputMbps;
        this.goodputCi95 = goodputCi95;
        this.lossPercent = lossPercent;
        this.byteLossPercent = byteLossPercent;
        this.jitterMs = jitterMs;
        this.reordered = reordered;
        this.rttMeanMs = rttMeanMs;
        this.uplinkShares = Map.copyOf(uplinkShares);
        this.limit = limit;
    }

    public MultihomingProtocol protocol() {
        return protocol;
    }

    public Optional<String> sharing() {
        return Optional.ofNullable(sharing);
    }

    public StudyTransport transport() {
        return transport;
    }

    public int frameSize() {
        return frameSize;
    }

    public Optional<Double> loadMbps() {
        return Optional.ofNullable(loadMbps);
    }

    public int repetitions() {
        return repetitions;
    }

    public Optional<Double> goodputMbps() {
        return Optional.ofNullable(goodputMbps);
    }

    public Optional<Double> goodputCi95() {
        return Optional.ofNullable(goodputCi95);
    }

    public Optional<Double> lossPercent() {
        return Optional.ofNullable(lossPercent);
    }

    public Optional<Double> byteLossPercent() {
        return Optional.ofNullable(byteLossPercent);
    }

    public Optional<Double> jitterMs() {
        return Optional.ofNullable(jitterMs);
    }

    public Optional<Double> reordered() {
        return Optional.ofNullable(reordered);
    }

    public Optional<Double> rttMeanMs() {
        return Optional.ofNullable(rttMeanMs);
    }

    public Map<ConnectPoint, Double> uplinkShares() {
        return uplinkShares;
    }

    public Optional<CellLimit> limit() {
        return Optional.ofNullable(limit);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GridRow)) {
            return false;
        }
        GridRow that = (GridRow) o;
        return protocol == that.protocol && Objects.equals(sharing, that.sharing) && transport == that.transport
                && frameSize == that.frameSize && Objects.equals(loadMbps, that.loadMbps)
                && repetitions == that.repetitions && Objects.equals(goodputMbps, that.goodputMbps)
                && Objects.equals(goodputCi95, that.goodputCi95) && Objects.equals(lossPercent, that.lossPercent)
                && Objects.equals(byteLossPercent, that.byteLossPercent) && Objects.equals(jitterMs, that.jitterMs)
                && Objects.equals(reordered, that.reordered) && Objects.equals(rttMeanMs, that.rttMeanMs)
                && uplinkShares.equals(that.uplinkShares) && limit == that.limit;
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, sharing, transport, frameSize, loadMbps, goodputMbps);
    }

    @Override
    public String toString() {
        return protocol + (sharing == null ? "" : " " + sharing) + " " + frameSize + " B "
                + (loadMbps == null ? "TCP" : loadMbps + " Mbit/s") + ": " + goodputMbps;
    }
}
