// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableModel;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Create latency of one MSR6 tree with many installed, on the manager fixture (one instance, the
 * lab's five devices, cluster storage that serializes every value): creates trees one after
 * another up to the largest count and prints p50, p99 and max of the creates just before each
 * count. Every device runs the bmv2 pipeline with tables large enough for every tree, so the
 * table budget is checked as on a real network. Besides the wall time of each create it prints
 * the CPU time the JVM's threads spent meanwhile (the manager's, the storage's, the fixture's;
 * not the collector's or the compiler's), which a busy machine inflates less. Run: {@code make bench-tree-creates}
 * (counts as arguments, default 100 1000 5000 10000). A measure of how create scales, not a
 * timed test.
 */
public final class TreeCreateBenchmark {

    /** Host ports of the lab, beijing/4 included (the fixture adds it). */
    private static final List<ConnectPoint> PORTS = List.of(
            ConnectPoint.deviceConnectPoint("device:beijing/3"), ConnectPoint.deviceConnectPoint("device:nanjing/4"),
            ConnectPoint.deviceConnectPoint("device:shanghai/3"), ConnectPoint.deviceConnectPoint("device:guangzhou/3"),
            ConnectPoint.deviceConnectPoint("device:beijing/4"));
    /** Large enough for every entry of every tree on one device. */
    private static final long TABLE_SIZE = 1_000_000;
    private static final int WARMUP = 200;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private TreeCreateBenchmark() {
    }

    public static void main(String[] args) {
        List<Integer> counts = args.length == 0 ? List.of(100, 1_000, 5_000, 10_000)
                : Arrays.stream(args).map(Integer::valueOf).sorted().collect(Collectors.toList());
        // Storage calls may wait a minute (tests fail after 3 s): slow creates are measured, not refused.
        Msr6TreeManagerFixture fixture = new Msr6TreeManagerFixture(new ClusterStorageService(60_000),
                                                                    new WorkPartitionServiceAdapter());
        fixture.stopRecordingEvents();
        PiPipeconf bmv2 = BundledPipeconfs.bmv2();
        PiPipeconf large = SmallTables.bmv2(bmv2.pipelineModel().tables().stream()
                .collect(Collectors.toMap(PiTableModel::id, t -> TABLE_SIZE)));
        fixture.pipeconfs.register(large);
        for (Device device : fixture.lab.devices.getDevices()) {
            fixture.pipeconfs.bindToDevice(large.id(), device.id());
        }
        // The JIT warms up on trees that then go.
        for (int i = 0; i < WARMUP; i++) {
            create(fixture, "warmup" + i, 50_000 + i);
        }
        for (int i = 0; i < WARMUP; i++) {
            fixture.manager.remove("warmup" + i);
        }
        fixture.settle();
        fixture.pollGroups();

        System.out.println("MSR6 tree create latency, ms (one instance, lab network, every table "
                                   + TABLE_SIZE + " entries)");
        System.out.println("  trees | creates measured | wall p50    p99    max | cpu p50    p99 | not installed");
        int max = counts.get(counts.size() - 1);
        List<Double> window = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        int failed = 0;
        int next = 0;
        long started = System.nanoTime();
        for (int n = 1; n <= max; n++) {
            int target = counts.get(next);
            int size = Math.min(500, Math.max(100, target / 10));
            long c0 = threadsCpu();
            long t0 = System.nanoTime();
            boolean installed;
            try {
                installed = create(fixture, "t" + n, n).state() == Msr6TreeState.INSTALLED;
            } catch (IllegalArgumentException e) {
                System.out.println("t" + n + " refused: " + e.getMessage());
                installed = false;
            }
            double ms = (System.nanoTime() - t0) / 1e6;
            double cpuMs = (threadsCpu() - c0) / 1e6;
            if (!installed) {
                failed++;
            }
            if (n > target - size) {
                window.add(ms);
                cpu.add(cpuMs);
            }
            if (n == target) {
                System.out.println(String.format(Locale.ROOT, "%7d | %16d | %8.1f %6.1f %6.1f | %7.1f %6.1f | %d", n,
                                                 window.size(), percentile(window, 50), percentile(window, 99),
                                                 percentile(window, 100), percentile(cpu, 50), percentile(cpu, 99),
                                                 failed));
                window.clear();
                cpu.clear();
                failed = 0;
                next++;
            }
        }
        System.out.println(String.format(Locale.ROOT, "%d trees in %.0f s", max,
                                         (System.nanoTime() - started) / 1e9));
        fixture.deactivate();
        fixture.storage.shutdown();
        System.exit(0);
    }

    /** Tree n: a source port, two or three receivers on other devices, its own group address. */
    private static Msr6Tree create(Msr6TreeManagerFixture fixture, String id, int n) {
        ConnectPoint source = PORTS.get(n % PORTS.size());
        Set<ConnectPoint> receivers = PORTS.stream().filter(p -> !p.deviceId().equals(source.deviceId()))
                .skip(n % 2).limit(2 + n % 2).collect(Collectors.toSet());
        Msr6TreeRequest.Algorithm algorithm = n % 2 == 0 ? Msr6TreeRequest.Algorithm.STEINER
                : Msr6TreeRequest.Algorithm.SHORTEST_PATHS;
        return fixture.manager.create(Msr6TreeRequest.of(
                id, source, Ip6Address.valueOf(String.format(Locale.ROOT, "ff3e::%x:%x", n >> 16, n & 0xffff)),
                receivers, Msr6Mode.TE, algorithm));
    }

    /** CPU time of the live threads so far, in nanoseconds. */
    private static long threadsCpu() {
        return Arrays.stream(THREADS.getAllThreadIds()).map(THREADS::getThreadCpuTime).filter(t -> t > 0).sum();
    }

    private static double percentile(List<Double> values, int p) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
