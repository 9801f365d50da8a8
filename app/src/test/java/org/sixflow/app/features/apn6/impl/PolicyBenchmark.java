// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Prints what admitting a policy costs as the installed set grows to 1,000, 10,000 and 50,000:
 * the overlap check (same-priority conflict + higher-priority shadowing) against the index,
 * the same check by scanning every policy (what the index saves), compiling the entries, and the
 * time to validate and compile the whole set (goal: 10,000 in under 1 s) with the entries made.
 * Policies are per-/64 UDP port-range classes; every 256th is a higher-priority /32 aggregate over
 * ports 1024..16383, so about a quarter of the classes are shadowed. Run: {@code make bench-policies}.
 */
public final class PolicyBenchmark {

    private static final int PROBES = 2_000;
    private static final List<DeviceId> DEVICES = List.of(DeviceId.deviceId("device:beijing"),
            DeviceId.deviceId("device:wuhan"), DeviceId.deviceId("device:shanghai"));
    private static final Map<DeviceId, Set<ConnectPoint>> EDGES = ImmutableMap.of(
            DEVICES.get(0), ImmutableSet.of(ConnectPoint.deviceConnectPoint("device:beijing/3")),
            DEVICES.get(2), ImmutableSet.of(ConnectPoint.deviceConnectPoint("device:shanghai/3")));

    private PolicyBenchmark() {
    }

    private static Apn6Policy policy(int i, Random random) {
        boolean aggregate = i % 256 == 0;
        byte[] address = new byte[16];
        address[0] = (byte) 0xfd;
        address[2] = (byte) (i >>> 16);
        address[3] = (byte) (i >>> 8);
        address[4] = (byte) i;
        int low = 1024 + random.nextInt(60_000);
        // An aggregate covers the next 255 classes (same /32) whose ports fall in 1024..16383.
        Apn6Match match = Apn6Match.builder()
                .source(Ip6Prefix.valueOf(Ip6Address.valueOf(address), aggregate ? 32 : 64)).nextHeader(17)
                .destinationPorts(aggregate ? PortRange.of(1024, 16383) : PortRange.of(low, low + random.nextInt(100)))
                .build();
        return Apn6Policy.of("p" + i, null, aggregate ? 200 : 100 + random.nextInt(50), match,
                             ApplicationAwareId.of(random.nextInt(8), i, random.nextInt(1000), i), 5, true);
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        return values[values.length / 2];
    }

    public static void main(String[] args) {
        Apn6PolicyCompiler compiler = new Apn6PolicyCompiler(TestApplicationId.create("bench"));
        System.out.println("policies | index check µs (median) | scan check µs (median) | compile µs (median) "
                                   + "| shadowed | validate+compile all s | entries");
        for (int size : List.of(1_000, 10_000, 50_000)) {
            Random random = new Random(size);
            OverlapIndex index = new OverlapIndex();
            List<Apn6Policy> installed = new ArrayList<>(size);
            int shadowed = 0;
            long entries = 0;
            long loadStart = System.nanoTime();
            for (int i = 0; i < size; i++) {
                Apn6Policy p = policy(i, random);
                if (index.conflict(p.priority(), p.match(), null).isPresent()) {
                    continue;
                }
                shadowed += index.shadowing(p.priority(), p.match()).isEmpty() ? 0 : 1;
                entries += compiler.compile(p, EDGES, DEVICES).size();
                index.add(new OverlapIndex.Entry(p.id(), p.priority(), p.match()));
                installed.add(p);
            }
            double load = (System.nanoTime() - loadStart) / 1e9;
            double[] indexed = new double[PROBES];
            double[] scanned = new double[PROBES];
            double[] compiled = new double[PROBES];
            long sink = 0;
            for (int round = 0; round < 2; round++) {   // the first round warms the JIT
                for (int k = 0; k < PROBES; k++) {
                    Apn6Policy probe = policy(size + k, random);
                    long t0 = System.nanoTime();
                    sink += index.conflict(probe.priority(), probe.match(), null).isPresent() ? 1 : 0;
                    sink += index.shadowing(probe.priority(), probe.match()).size();
                    long t1 = System.nanoTime();
                    for (Apn6Policy p : installed) {
                        if (p.match().intersects(probe.match())
                                && (p.priority() == probe.priority()
                                || p.priority() > probe.priority() && p.match().covers(probe.match()))) {
                            sink++;
                        }
                    }
                    long t2 = System.nanoTime();
                    sink += compiler.compile(probe, EDGES, DEVICES).size();
                    long t3 = System.nanoTime();
                    indexed[k] = (t1 - t0) / 1e3;
                    scanned[k] = (t2 - t1) / 1e3;
                    compiled[k] = (t3 - t2) / 1e3;
                }
            }
            System.out.println(String.format(Locale.ROOT, "%8d | %23.2f | %22.1f | %19.1f | %8d | %22.2f | %7d%s",
                                             installed.size(), median(indexed), median(scanned), median(compiled),
                                             shadowed, load, entries, sink < 0 ? "!" : ""));
        }
    }
}
