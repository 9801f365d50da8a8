// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketService;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.experiments.Pacer;
import org.sixflow.app.experiments.RealtimeThread;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a run uses of the instance that runs it: the store, packet I/O, the sampling control and
 * the check that the devices apply it, the host generator (if any), time, and its settings.
 */
final class RunEnvironment {

    final ExperimentStore store;
    final PacketService packets;
    final SamplingControl sampling;
    /** Whether a device's telemetry sampling entries say what a reportSampling value says. */
    final BiPredicate<DeviceId, String> samplingInPlace;
    final Supplier<HostTrafficGenerator> generator;
    final Supplier<Pacer> pacers;
    final Clock clock;
    final String node;
    /** Longest wait for reports after the last packet. */
    final Duration drain;
    /** Longest wait for the telemetry sampling to reach the ingress device. */
    final Duration samplingTimeout;
    /** How often the wait for sampling and for reports looks again. */
    final Duration poll;
    /** How a run waits between looks (Thread.sleep; tests move their clock instead). */
    final Sleeper sleeper;
    /** What the probe collector made of the reports it saw, for a run's log. */
    Supplier<String> collectorCounts = () -> "";
    /** The devices that report, whose sampling a run measuring the stages waits for. */
    Supplier<Collection<DeviceId>> reportingDevices = List::of;
    /**
     * Where a run sends its probes through a device, opened once a run (the manager's sends them
     * to the device's P4Runtime client directly: DirectPacketOuts); ONOS's packet service unless set.
     */
    Function<DeviceId, Consumer<OutboundPacket>> packetOuts;
    /** Raises the sending thread for the time it sends (the manager's pacerRealtimePriority). */
    Supplier<RealtimeThread.Raised> pacerPriority = RealtimeThread::unchanged;

    /** Waits. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    RunEnvironment(ExperimentStore store, PacketService packets, SamplingControl sampling,
                   BiPredicate<DeviceId, String> samplingInPlace, Supplier<HostTrafficGenerator> generator,
                   Supplier<Pacer> pacers, Clock clock, String node, Duration drain, Duration samplingTimeout,
                   Duration poll, Sleeper sleeper) {
        this.store = checkNotNull(store);
        this.packets = checkNotNull(packets);
        this.packetOuts = device -> packets::emit;
        this.sampling = checkNotNull(sampling);
        this.samplingInPlace = checkNotNull(samplingInPlace);
        this.generator = checkNotNull(generator);
        this.pacers = checkNotNull(pacers);
        this.clock = checkNotNull(clock);
        this.node = checkNotNull(node);
        this.drain = checkNotNull(drain);
        this.samplingTimeout = checkNotNull(samplingTimeout);
        this.poll = checkNotNull(poll);
        this.sleeper = checkNotNull(sleeper);
    }
}
