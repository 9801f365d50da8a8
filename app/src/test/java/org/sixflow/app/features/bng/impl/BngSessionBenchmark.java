// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The PPPoE control plane's share of a BNG at scale (issue 33, part 4): N subscribers' sessions,
 * from PADI to IPCP and IPv6CP opened, through the relay at once, as a real capture's subscriber
 * (Debian's pppd and pppoe-server, C-tag 11 of pppoe-vm-capture.txt) made them, each on a line of
 * its own (S-tag 100 + i / 4094, C-tag 1 + i % 4094), with its own MAC and session id. Every
 * session's entries are handed to a data plane that only counts them, so the figures are the
 * relay's: frames and sessions per second on one thread, and the heap the sessions hold.
 * <pre>
 *   make bench-bng-sessions [BENCH_BNG_SESSIONS="1000 8192"]
 * </pre>
 */
public final class BngSessionBenchmark {

    private static final ApplicationId APP = new DefaultApplicationId(9, "org.sixflow.app");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bng/1");
    private static final ConnectPoint SERVER = ConnectPoint.deviceConnectPoint("device:bng/2");
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final int TEMPLATE_LINE = 11;
    private static final int VIDS = 4094;
    private static final int ROUNDS = 3;

    private BngSessionBenchmark() {
    }

    /** Counts what the relay asks of the network and keeps nothing. */
    private static final class CountingDataPlane implements BngDataPlane {
        long sent;
        long setups;

        @Override
        public void send(ConnectPoint port, byte[] frame) {
            sent++;
        }

        @Override
        public Optional<MacAddress> bngMac(DeviceId device) {
            return Optional.of(BNG_MAC);
        }

        @Override
        public Optional<Link> link(DeviceId from, DeviceId to) {
            // One BNG device (no forwardDevice configured): the relay never asks.
            return Optional.empty();
        }

        @Override
        public void setup(DeviceId device, Attachment attachment) {
            setups++;
        }

        @Override
        public void remove(DeviceId device, Attachment attachment) {
        }

        @Override
        public Map<BngCounterType, PiCounterCellData> counters(DeviceId device, Attachment attachment) {
            return Map.of();
        }
    }

    /** One frame of the template, and whether the subscriber sent it. */
    private static final class Step {
        final byte[] bytes;
        final boolean fromSubscriber;

        Step(byte[] bytes, boolean fromSubscriber) {
            this.bytes = bytes;
            this.fromSubscriber = fromSubscriber;
        }
    }

    public static void main(String[] args) {
        String given = String.join(" ", args).trim();
        int[] counts = given.isEmpty() ? new int[] {1000, 8192}
                : Arrays.stream(given.split("\\s+")).mapToInt(Integer::parseInt).toArray();
        List<Step> template = template();
        System.out.printf(Locale.ROOT, "BNG relay, %d control frames per session (a real pppd's, PADI to IPCP/IPv6CP"
                                  + " opened), one thread, %d rounds each, the best shown; Java %s%n",
                          template.size(), ROUNDS, System.getProperty("java.version"));
        System.out.println("| sessions | frames | setup s | sessions/s | frames/s | attachments | heap held (MB) | bytes/session |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (int n : counts) {
            double best = Double.MAX_VALUE;
            long held = 0;
            long frames = 0;
            long setups = 0;
            for (int round = 0; round < ROUNDS; round++) {
                long before = usedHeap();
                CountingDataPlane plane = new CountingDataPlane();
                long[] clock = {1_000_000};
                BngRelay relay = new BngRelay(APP, plane, () -> clock[0]);
                relay.configure(new BngConfig(SERVER, 30, 4, Map.of(), Ip6Prefix.valueOf("fd33::/32")));
                List<List<Step>> sessions = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    sessions.add(forSubscriber(template, i));
                }
                long started = System.nanoTime();
                // Round-robin frame by frame: every subscriber in discovery, then in LCP, ... at once.
                for (int k = 0; k < template.size(); k++) {
                    for (List<Step> steps : sessions) {
                        Step step = steps.get(k);
                        clock[0]++;
                        relay.receive(step.fromSubscriber ? ACCESS : SERVER, 0, step.bytes);
                    }
                }
                double seconds = (System.nanoTime() - started) / 1e9;
                sessions = null;
                List<BngSession> up = relay.sessions();
                long installed = up.stream().filter(s -> s.state() == BngSessionState.UP
                        && s.status().equals(InstallStatus.INSTALLED)).count();
                if (installed != n) {
                    throw new IllegalStateException(installed + " of " + n + " sessions up and installed; dropped "
                                                            + relay.dropped());
                }
                long after = usedHeap();
                if (seconds < best) {
                    best = seconds;
                    held = after - before;
                    frames = (long) template.size() * n;
                    setups = plane.setups;
                }
                if (relay.sessions().isEmpty()) {
                    throw new IllegalStateException("unreachable: keeps the relay alive until measured");
                }
            }
            System.out.printf(Locale.ROOT, "| %,d | %,d | %.3f | %,.0f | %,.0f | %,d | %.1f | %,d |%n", n, frames, best,
                              n / best, frames / best, setups, held / 1e6, held / n);
        }
    }

    /** The template subscriber's frames up to its session's end, in capture order. */
    private static List<Step> template() {
        List<Step> steps = new ArrayList<>();
        for (CapturedFrames.Captured c : CapturedFrames.all()) {
            if (c.cVid != TEMPLATE_LINE) {
                continue;
            }
            if (c.name.equals("PADT") || c.name.equals("LCP-5") || c.name.equals("LCP-6")) {
                break;
            }
            steps.add(new Step(c.sentThrough(BNG_MAC), c.fromSubscriber()));
        }
        return steps;
    }

    /** The template's frames for subscriber i: its line's tags, its MAC, its session id. */
    private static List<Step> forSubscriber(List<Step> template, int i) {
        byte[] mac = {0x52, 0x54, 0x01, (byte) (i >> 16), (byte) (i >> 8), (byte) i};
        int sVid = 100 + i / VIDS;
        int cVid = 1 + i % VIDS;
        int sessionId = 1 + i % 65534;
        List<Step> steps = new ArrayList<>(template.size());
        for (Step t : template) {
            byte[] b = t.bytes.clone();
            ByteBuffer buffer = ByteBuffer.wrap(b);
            // The template is as sent through the BNG already; only the subscriber's MAC changes.
            System.arraycopy(mac, 0, b, t.fromSubscriber ? 6 : 0, 6);
            // S-tag TCI at 14, C-tag TCI at 18 (priority bits kept), PPPoE session id at 24.
            buffer.putShort(14, (short) ((buffer.getShort(14) & 0xf000) | sVid));
            buffer.putShort(18, (short) ((buffer.getShort(18) & 0xf000) | cVid));
            if (buffer.getShort(24) != 0) {
                buffer.putShort(24, (short) sessionId);
            }
            steps.add(new Step(b, t.fromSubscriber));
        }
        return steps;
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
