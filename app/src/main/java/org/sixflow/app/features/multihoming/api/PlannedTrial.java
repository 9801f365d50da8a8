// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One trial of a study's plan, in the order the run takes them: protocol, load-sharing level
 * (ILNP only), frame size, load (UDP at each rate, then TCP), repetition.
 */
public final class PlannedTrial {

    private final int index;
    private final MultihomingProtocol protocol;
    private final List<Integer> sharing;
    private final int frameSize;
    private final StudyTransport transport;
    private final Double loadMbps;
    private final int repetition;

    /**
     * Creates a planned trial.
     *
     * @param index      its place in the plan, from 0
     * @param protocol   the protocol
     * @param sharing    the uplinks' weights in the ILNP site's uplink order; empty for the others
     * @param frameSize  Ethernet frame size, octets
     * @param transport  UDP or TCP
     * @param loadMbps   UDP's rate; null for TCP
     * @param repetition from 1
     */
    public PlannedTrial(int index, MultihomingProtocol protocol, List<Integer> sharing, int frameSize,
                        StudyTransport transport, Double loadMbps, int repetition) {
        this.index = index;
        this.protocol = Objects.requireNonNull(protocol);
        this.sharing = List.copyOf(sharing);
        this.frameSize = frameSize;
        this.transport = Objects.requireNonNull(transport);
        this.loadMbps = loadMbps;
        this.repetition = repetition;
    }

    public int index() {
        return index;
    }

    public MultihomingProtocol protocol() {
        return protocol;
    }

    /** The weights, e.g. [80, 20]; empty unless ILNP. */
    public List<Integer> sharing() {
        return sharing;
    }

    /** The weights as the thesis writes them ("80/20"), empty unless ILNP. */
    public Optional<String> sharingLabel() {
        return sharing.isEmpty() ? Optional.empty()
                : Optional.of(sharing.stream().map(String::valueOf).collect(Collectors.joining("/")));
    }

    public int frameSize() {
        return frameSize;
    }

    public StudyTransport transport() {
        return transport;
    }

    /** UDP's rate in Mbit/s; empty for TCP. */
    public Optional<Double> loadMbps() {
        return Optional.ofNullable(loadMbps);
    }

    public int repetition() {
        return repetition;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PlannedTrial)) {
            return false;
        }
        PlannedTrial that = (PlannedTrial) o;
        return index == that.index && protocol == that.protocol && sharing.equals(that.sharing)
                && frameSize == that.frameSize && transport == that.transport
                && Objects.equals(loadMbps, that.loadMbps) && repetition == that.repetition;
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, protocol, sharing, frameSize, transport, loadMbps, repetition);
    }

    @Override
    public String toString() {
        return protocol + sharingLabel().map(s -> " " + s).orElse("") + " " + frameSize + " B "
                + (loadMbps == null ? "TCP" : "UDP " + loadMbps + " Mbit/s") + " #" + repetition;
    }
}
