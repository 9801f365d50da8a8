// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A study as the ILNP thesis runs one: for each protocol, load-sharing level (ILNP only), frame
 * size and load (UDP at each rate, then TCP where the frame takes an MSS), a number of
 * repetitions of a trial of {@link #trialSeconds()}; then, per protocol, an uplink failure.
 * Never changed once stored: a run refers to the definition it ran.
 */
public final class MultihomingStudy {

    /** A study's id; short enough that the objects it installs can be named after it. */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,40}");
    /** A lab host's name, as the hostCommands property names it. */
    public static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** Most frame sizes, loads per frame size and sharing levels. */
    public static final int MAX_FACTOR_LEVELS = 10;
    /** Most repetitions. */
    public static final int MAX_REPETITIONS = 30;
    /** Longest trial. */
    public static final int MAX_TRIAL_SECONDS = 60;
    /** Most parallel flows in a trial. */
    public static final int MAX_STREAMS = 32;
    /** Slowest and fastest load. */
    public static final double MIN_LOAD_MBPS = 0.01;
    public static final double MAX_LOAD_MBPS = 100_000;
    /** Most trials in a study. */
    public static final int MAX_TRIALS = 2_000;

    private final String id;
    private final String name;
    private final String description;
    private final String siteHost;
    private final String correspondentHost;
    private final List<StudyProtocol> protocols;
    private final List<Integer> frameSizes;
    private final Map<Integer, List<Double>> loadsMbps;
    private final List<List<Integer>> sharing;
    private final boolean tcp;
    private final int repetitions;
    private final int trialSeconds;
    private final int streams;
    private final StudyFailover failover;
    private final Instant createdAt;

    private MultihomingStudy(Builder b) {
        this.id = Objects.requireNonNull(b.id, "id");
        checkArgument(ID.matcher(id).matches(), "id %s does not match %s", id, ID);
        this.name = b.name == null ? id : b.name;
        this.description = b.description == null ? "" : b.description;
        this.siteHost = Objects.requireNonNull(b.siteHost, "siteHost");
        this.correspondentHost = Objects.requireNonNull(b.correspondentHost, "correspondentHost");
        checkArgument(HOST.matcher(siteHost).matches() && HOST.matcher(correspondentHost).matches()
                              && !siteHost.equals(correspondentHost), "two distinct host names are needed");
        this.protocols = List.copyOf(b.protocols);
        checkArgument(!protocols.isEmpty(), "a study needs a protocol");
        checkArgument(protocols.stream().map(StudyProtocol::protocol).distinct().count() == protocols.size(),
                      "a protocol appears twice");
        this.frameSizes = List.copyOf(b.frameSizes);
        checkArgument(!frameSizes.isEmpty() && frameSizes.size() <= MAX_FACTOR_LEVELS
                              && frameSizes.stream().distinct().count() == frameSizes.size()
                              && frameSizes.stream().allMatch(f -> f >= StudyFrames.MIN_FRAME
                && f <= StudyFrames.MAX_FRAME), "frame sizes must be 1..%s distinct sizes %s..%s",
                      MAX_FACTOR_LEVELS, StudyFrames.MIN_FRAME, StudyFrames.MAX_FRAME);
        Map<Integer, List<Double>> loads = new TreeMap<>();
        b.loadsMbps.forEach((size, list) -> loads.put(size, List.copyOf(list)));
        checkArgument(loads.keySet().equals(new TreeSet<>(frameSizes)), "loads must be given for exactly the frame sizes");
        checkArgument(loads.values().stream().allMatch(l -> l.size() <= MAX_FACTOR_LEVELS
                && l.stream().distinct().count() == l.size()
                && l.stream().allMatch(v -> v >= MIN_LOAD_MBPS && v <= MAX_LOAD_MBPS)),
                      "loads must be up to %s distinct rates %s..%s Mbit/s", MAX_FACTOR_LEVELS, MIN_LOAD_MBPS,
                      MAX_LOAD_MBPS);
        this.loadsMbps = Map.copyOf(loads);
        this.sharing = b.sharing.stream().map(List::copyOf).collect(Collectors.toUnmodifiableList());
        Optional<StudyProtocol> ilnp = protocol(MultihomingProtocol.ILNP);
        if (ilnp.isPresent()) {
            int uplinks = ilnp.get().site().orElseThrow().uplinks().size();
            checkArgument(!sharing.isEmpty() && sharing.size() <= MAX_FACTOR_LEVELS, "ILNP needs 1..%s sharing levels",
                          MAX_FACTOR_LEVELS);
            checkArgument(sharing.stream().allMatch(s -> s.size() == uplinks
                    && s.stream().allMatch(w -> w >= 0) && s.stream().mapToInt(Integer::intValue).sum() == 100),
                          "every sharing level gives each of the ILNP site's %s uplinks a weight, summing to 100",
                          uplinks);
        } else {
            checkArgument(sharing.isEmpty(), "sharing levels are for ILNP only");
        }
        this.tcp = b.tcp;
        this.repetitions = b.repetitions;
        checkArgument(repetitions >= 1 && repetitions <= MAX_REPETITIONS, "repetitions must be 1..%s",
                      MAX_REPETITIONS);
        this.trialSeconds = b.trialSeconds;
        checkArgument(trialSeconds >= 1 && trialSeconds <= MAX_TRIAL_SECONDS, "trialSeconds must be 1..%s",
                      MAX_TRIAL_SECONDS);
        this.streams = b.streams;
        checkArgument(streams >= 1 && streams <= MAX_STREAMS, "streams must be 1..%s", MAX_STREAMS);
        this.failover = b.failover;
        this.createdAt = b.createdAt == null ? Instant.EPOCH : b.createdAt;
        int trials = plan().size();
        checkArgument(trials <= MAX_TRIALS, "the study plans %s trials; at most %s", trials, MAX_TRIALS);
        // TCP alone plans nothing where no frame size takes an MSS.
        checkArgument(trials > 0, "the study plans no trial");
    }

    /**
     * A builder.
     *
     * @param id the study's id
     * @return the builder
     */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** A builder starting from this study (for the time it is stored). */
    public Builder toBuilder() {
        Builder b = new Builder(id).name(name).description(description).hosts(siteHost, correspondentHost)
                .protocols(protocols).frameSizes(frameSizes).sharing(sharing).tcp(tcp).repetitions(repetitions)
                .trialSeconds(trialSeconds).streams(streams).failover(failover).createdAt(createdAt);
        loadsMbps.forEach(b::loads);
        return b;
    }

    /**
     * The trials in the order the run takes them.
     *
     * @return the plan
     */
    public List<PlannedTrial> plan() {
        List<PlannedTrial> plan = new ArrayList<>();
        for (StudyProtocol p : protocols) {
            List<List<Integer>> levels = p.protocol() == MultihomingProtocol.ILNP ? sharing : List.of(List.of());
            for (List<Integer> level : levels) {
                for (int size : frameSizes) {
                    for (double load : loadsMbps.get(size)) {
                        for (int r = 1; r <= repetitions; r++) {
                            plan.add(new PlannedTrial(plan.size(), p.protocol(), level, size, StudyTransport.UDP,
                                                      load, r));
                        }
                    }
                    if (tcp && StudyFrames.tcpFits(size, p.protocol())) {
                        for (int r = 1; r <= repetitions; r++) {
                            plan.add(new PlannedTrial(plan.size(), p.protocol(), level, size, StudyTransport.TCP,
                                                      null, r));
                        }
                    }
                }
            }
        }
        return plan;
    }

    /**
     * The protocol's part of the study.
     *
     * @param protocol the protocol
     * @return it, if the study has it
     */
    public Optional<StudyProtocol> protocol(MultihomingProtocol protocol) {
        return protocols.stream().filter(p -> p.protocol() == protocol).findFirst();
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** The host inside the site (it sends). */
    public String siteHost() {
        return siteHost;
    }

    /** The host in the third network (it receives and answers). */
    public String correspondentHost() {
        return correspondentHost;
    }

    public List<StudyProtocol> protocols() {
        return protocols;
    }

    public List<Integer> frameSizes() {
        return frameSizes;
    }

    /** UDP rates per frame size, Mbit/s. */
    public Map<Integer, List<Double>> loadsMbps() {
        return loadsMbps;
    }

    /** ILNP's load-sharing levels: the site's uplinks' weights in its uplink order. */
    public List<List<Integer>> sharing() {
        return sharing;
    }

    /** Whether a TCP trial follows the UDP rates of each frame size. */
    public boolean tcp() {
        return tcp;
    }

    public int repetitions() {
        return repetitions;
    }

    public int trialSeconds() {
        return trialSeconds;
    }

    /**
     * Parallel flows of each trial (iperf3 -P): ILNP's border router shares load per flow, so one
     * flow takes one uplink whatever the weights; several show the sharing.
     */
    public int streams() {
        return streams;
    }

    public Optional<StudyFailover> failover() {
        return Optional.ofNullable(failover);
    }

    public Instant createdAt() {
        return createdAt;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MultihomingStudy)) {
            return false;
        }
        MultihomingStudy that = (MultihomingStudy) o;
        return id.equals(that.id) && name.equals(that.name) && description.equals(that.description)
                && siteHost.equals(that.siteHost) && correspondentHost.equals(that.correspondentHost)
                && protocols.equals(that.protocols) && frameSizes.equals(that.frameSizes)
                && loadsMbps.equals(that.loadsMbps) && sharing.equals(that.sharing) && tcp == that.tcp
                && repetitions == that.repetitions && trialSeconds == that.trialSeconds && streams == that.streams
                && Objects.equals(failover, that.failover) && createdAt.equals(that.createdAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, protocols, frameSizes, loadsMbps, sharing, repetitions, trialSeconds, createdAt);
    }

    @Override
    public String toString() {
        return "MultihomingStudy{" + id + ", " + plan().size() + " trials}";
    }

    /** Builds a study; the constructor checks it whole. */
    public static final class Builder {
        private final String id;
        private String name;
        private String description;
        private String siteHost;
        private String correspondentHost;
        private List<StudyProtocol> protocols = List.of();
        private List<Integer> frameSizes = List.of();
        private final Map<Integer, List<Double>> loadsMbps = new TreeMap<>();
        private List<List<Integer>> sharing = List.of();
        private boolean tcp;
        private int repetitions = 1;
        private int trialSeconds = 5;
        private int streams = 1;
        private StudyFailover failover;
        private Instant createdAt;

        private Builder(String id) {
            this.id = id;
        }

        public Builder name(String value) {
            this.name = value;
            return this;
        }

        public Builder description(String value) {
            this.description = value;
            return this;
        }

        public Builder hosts(String site, String correspondent) {
            this.siteHost = site;
            this.correspondentHost = correspondent;
            return this;
        }

        public Builder protocols(List<StudyProtocol> value) {
            this.protocols = value;
            return this;
        }

        public Builder frameSizes(List<Integer> value) {
            this.frameSizes = value;
            return this;
        }

        public Builder loads(int frameSize, List<Double> rates) {
            this.loadsMbps.put(frameSize, rates);
            return this;
        }

        public Builder sharing(List<List<Integer>> value) {
            this.sharing = value;
            return this;
        }

        public Builder tcp(boolean value) {
            this.tcp = value;
            return this;
        }

        public Builder repetitions(int value) {
            this.repetitions = value;
            return this;
        }

        public Builder trialSeconds(int value) {
            this.trialSeconds = value;
            return this;
        }

        public Builder streams(int value) {
            this.streams = value;
            return this;
        }

        public Builder failover(StudyFailover value) {
            this.failover = value;
            return this;
        }

        public Builder createdAt(Instant value) {
            this.createdAt = value;
            return this;
        }

        /**
         * Builds the study.
         *
         * @return the study
         * @throws IllegalArgumentException naming what is wrong
         */
        public MultihomingStudy build() {
            return new MultihomingStudy(this);
        }
    }
}
