// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.ProbePacket;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks an experiment against itself (the network is the manager's part): every field that is
 * wrong is named by its JSON path with a message saying what would be right. What a class's
 * tree, policy or tunnel asks of it is its feature's to say ({@link ExperimentTarget#shapeProblems}).
 */
public final class ExperimentValidator {

    public static final int MAX_PACKETS_PER_CLASS = 1_000_000;
    public static final int MAX_REPETITIONS = 100;
    public static final int MAX_WARMUP = 100_000;
    public static final int MAX_NAME = 100;
    public static final int MAX_DESCRIPTION = 2000;
    public static final Duration MAX_INTERVAL = Duration.ofSeconds(10);
    public static final double MAX_LOAD_MBPS = 100_000;
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    /** Words the REST API uses beside experiment ids (experiments/presets …). */
    private static final Set<String> RESERVED = Set.of("presets", "validate", "compare");

    private ExperimentValidator() {
    }

    /**
     * Names what is wrong with an experiment.
     *
     * @param e                the experiment
     * @param minIntervalNanos the shortest interval the experiment's traffic source sustains
     * @param targets          what the running features say of the objects classes exercise
     * @return field path to message, in field order; empty when nothing is wrong
     */
    public static Map<String, String> problems(Experiment e, long minIntervalNanos, ExperimentTargets targets) {
        Map<String, String> p = new LinkedHashMap<>();
        if (!ID.matcher(e.id()).matches()) {
            p.put("id", "\"" + e.id() + "\" is not 1-32 lower-case letters, digits and dashes starting with a letter "
                    + "or digit");
        } else if (RESERVED.contains(e.id())) {
            p.put("id", "\"" + e.id() + "\" is a word the REST API uses; choose another id");
        }
        if (e.name().length() > MAX_NAME) {
            p.put("name", "longer than " + MAX_NAME + " characters");
        }
        if (e.description().length() > MAX_DESCRIPTION) {
            p.put("description", "longer than " + MAX_DESCRIPTION + " characters");
        }
        if (e.ingress() == null) {
            p.put("ingress", "required: the port where packets enter the measured device, e.g. device:beijing/1");
        }
        classes(e, p, targets);
        factors(e, p, minIntervalNanos);
        if (e.traffic() == ExperimentTraffic.EXTERNAL) {
            if (e.window().isEmpty()) {
                p.put("window", "required for external traffic: when it was sent (from, to)");
            }
            if (e.cells().size() > 1) {
                p.put("frameSizes", "external traffic is analysed as one cell: give at most one frame size and no "
                        + "load rates");
            }
            if (e.repetitions() != 1) {
                p.put("repetitions", "external traffic is analysed once: 1");
            }
        } else if (e.window().isPresent()) {
            p.put("window", "only for external traffic");
        }
        for (int i = 0; i < e.thresholds().size(); i++) {
            threshold(p, "thresholds[" + i + "]", e.thresholds().get(i));
        }
        for (int i = 0; i < e.meanThresholds().size(); i++) {
            threshold(p, "meanThresholds[" + i + "]", e.meanThresholds().get(i));
        }
        if (e.meanOf() < 1) {
            p.put("meanOf", "must be at least 1, got " + e.meanOf());
        }
        return p;
    }

    private static void classes(Experiment e, Map<String, String> p, ExperimentTargets targets) {
        List<ExperimentClass> classes = e.classes();
        if (classes.isEmpty()) {
            p.put("classes", "at least one class: the baseline (e.g. ipv6) and the features to compare with it");
            return;
        }
        if (classes.size() > ProbeTag.MAX_CLASSES) {
            p.put("classes", "at most " + ProbeTag.MAX_CLASSES + " classes, got " + classes.size());
        }
        long baselines = classes.stream().filter(c -> c.role() == ExperimentClassRole.BASELINE).count();
        if (baselines > 1) {
            p.put("classes", "exactly one class is the BASELINE, got " + baselines);
        } else if (baselines == 0 && classes.size() > 1) {
            p.put("classes", "one class must be the BASELINE the features are compared with");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < classes.size(); i++) {
            ExperimentClass c = classes.get(i);
            String at = "classes[" + i + "]";
            if (!ID.matcher(c.name()).matches()) {
                p.put(at + ".name", "\"" + c.name() + "\" is not 1-32 lower-case letters, digits and dashes");
            } else if (!names.add(c.name())) {
                p.put(at + ".name", "\"" + c.name() + "\" names two classes");
            }
            long exercised = Stream.of(ExperimentTarget.Field.values()).filter(f -> f.in(c).isPresent()).count();
            if (exercised > 1) {
                p.put(at, "a class exercises one tree, policy, tunnel or session, not " + exercised);
            }
            if (e.traffic() != ExperimentTraffic.EXTERNAL && c.packet().isEmpty() && !packetGiven(c, targets)) {
                p.put(at + ".packet", "required: how the class's packets look (source, destination, ports)");
            }
            c.packet().ifPresent(packet -> packet(p, at + ".packet", packet));
            for (ExperimentTarget target : targets.all()) {
                target.shapeProblems(e, c, at, p);
            }
            gpduProbes(e, c, at, p);
        }
    }

    /**
     * Tells whether a class without a packet gets one when its run is planned: from its object,
     * or not at all because no running feature serves its object (planning refuses the class then,
     * saying so, which is the problem to fix first).
     */
    private static boolean packetGiven(ExperimentClass c, ExperimentTargets targets) {
        return ExperimentTargets.named(c).map(f -> targets.serving(f).map(ExperimentTarget::suppliesPackets)
                .orElse(true)).orElse(false);
    }

    /** G-PDU probes are built by the controller only ({@link ProbeFrames}), in frames that hold them. */
    private static void gpduProbes(Experiment e, ExperimentClass c, String at, Map<String, String> p) {
        if (c.packet().flatMap(ProbePacket::gtpu).isEmpty()) {
            return;
        }
        if (e.traffic() == ExperimentTraffic.HOSTS) {
            p.put(at + ".packet.gtpu", "HOSTS traffic sends plain IPv6/UDP probes; G-PDU probes need PROBES "
                    + "traffic (the controller builds them)");
        }
        for (int i = 0; i < e.frameSizes().size(); i++) {
            int size = e.frameSizes().get(i);
            if (size < ProbeFrames.MIN_GTPU_FRAME) {
                p.putIfAbsent("frameSizes[" + i + "]", "a G-PDU probe (" + at + ") needs "
                        + ProbeFrames.MIN_GTPU_FRAME + ".." + ProbeFrames.MAX_FRAME + " bytes, got " + size);
            }
        }
    }

    private static void packet(Map<String, String> p, String at, ProbePacket packet) {
        if (packet.source().isMulticast()) {
            p.put(at + ".source", packet.source() + " is a multicast address");
        }
        port(p, at + ".sourcePort", packet.sourcePort());
        port(p, at + ".destinationPort", packet.destinationPort());
        if (packet.hopLimit() < 2 || packet.hopLimit() > 255) {
            p.put(at + ".hopLimit", "must be 2..255 (the ingress device lowers it), got " + packet.hopLimit());
        }
    }

    private static void port(Map<String, String> p, String at, int port) {
        if (port < 0 || port > 65535) {
            p.put(at, "must be 0..65535, got " + port);
        }
    }

    private static void factors(Experiment e, Map<String, String> p, long minIntervalNanos) {
        if (e.packetsPerClass() < 1 || e.packetsPerClass() > MAX_PACKETS_PER_CLASS) {
            p.put("packetsPerClass", "must be 1.." + MAX_PACKETS_PER_CLASS + ", got " + e.packetsPerClass());
        }
        if (e.repetitions() < 1 || e.repetitions() > MAX_REPETITIONS) {
            p.put("repetitions", "must be 1.." + MAX_REPETITIONS + ", got " + e.repetitions());
        }
        if (e.warmup() < 0 || e.warmup() > MAX_WARMUP) {
            p.put("warmup", "must be 0.." + MAX_WARMUP + ", got " + e.warmup());
        }
        if (e.blockSize() < 1) {
            p.put("blockSize", "must be at least 1, got " + e.blockSize());
        }
        for (int i = 0; i < e.frameSizes().size(); i++) {
            int size = e.frameSizes().get(i);
            if (size < ProbeFrames.MIN_FRAME || size > ProbeFrames.MAX_FRAME) {
                p.put("frameSizes[" + i + "]", "must be " + ProbeFrames.MIN_FRAME + ".." + ProbeFrames.MAX_FRAME
                        + " bytes (Ethernet frame without FCS), got " + size);
            }
        }
        if (e.interval().isPresent() && !e.loadsMbps().isEmpty()) {
            p.put("interval", "give an interval or load rates, not both");
        }
        boolean paced = e.traffic() != ExperimentTraffic.EXTERNAL;
        e.interval().ifPresent(interval -> {
            if (interval.isNegative() || interval.isZero() || interval.compareTo(MAX_INTERVAL) > 0) {
                p.put("interval", "must be above 0 and at most " + MAX_INTERVAL + ", got " + interval);
            } else if (paced && interval.toNanos() < minIntervalNanos) {
                p.put("interval", tooFast(e, interval.toNanos(), minIntervalNanos));
            }
        });
        for (int i = 0; i < e.loadsMbps().size(); i++) {
            double load = e.loadsMbps().get(i);
            if (!(load > 0 && load <= MAX_LOAD_MBPS)) {
                p.put("loadsMbps[" + i + "]", "must be above 0 and at most " + MAX_LOAD_MBPS + ", got " + load);
            }
        }
        if (paced && !p.containsKey("interval") && e.loadsMbps().stream().allMatch(l -> l > 0)) {
            for (ExperimentCell cell : e.cells()) {
                if (cell.intervalNanos() < minIntervalNanos && cell.loadMbps().isPresent()) {
                    p.put("loadsMbps[" + e.loadsMbps().indexOf(cell.loadMbps().get()) + "]",
                          cell.loadMbps().get() + " Mbps of " + cell.frameSize() + "-byte frames needs "
                                  + tooFast(e, cell.intervalNanos(), minIntervalNanos));
                    break;
                }
            }
        }
        long perClass = e.packetsPerClassInRun();
        if (!p.containsKey("packetsPerClass") && perClass > ProbeTag.MAX_SEQUENCES) {
            p.put("packetsPerClass", "a run sends " + perClass + " packets per class (cells × repetitions × "
                    + "(warm-up + N)); probes number them in the 20-bit flow label, at most " + ProbeTag.MAX_SEQUENCES);
        }
    }

    private static String tooFast(Experiment e, long intervalNanos, long minIntervalNanos) {
        return String.format("a %.1f µs interval; %s traffic goes no faster than one packet per %.1f µs here%s",
                             intervalNanos / 1e3, e.traffic().name().toLowerCase(), minIntervalNanos / 1e3,
                             e.traffic() == ExperimentTraffic.PROBES ? " (use HOSTS traffic for higher rates)" : "");
    }

    private static void threshold(Map<String, String> p, String at, double value) {
        if (!(value > -1 && value <= 10)) {
            p.put(at, "an overhead between -1 and 10 (0.018 for 1.8%), got " + value);
        }
    }

    /**
     * Tells whether a string could be an experiment's id; nothing else names one (and the
     * database is never asked about what it could not hold, such as a NUL).
     *
     * @param id a requested id
     * @return true when it has an id's form
     */
    public static boolean isId(String id) {
        return id != null && ID.matcher(id).matches();
    }
}
