// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An experiment of the studies' shape: N packets of each class (a baseline and the features
 * under test) at a fixed interval, or at load rates, per frame size, repeated, measured by the
 * device the packets enter at the ingress port, and reported as the studies' tables. Build one
 * with {@link #builder(String)}; {@code ExperimentService.validate} names every field that is
 * wrong.
 */
public final class Experiment {

    /** Defaults of the optional fields. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(1);
    public static final int DEFAULT_FRAME_SIZE = 128;
    public static final int DEFAULT_BLOCK_SIZE = 100;
    public static final int DEFAULT_MEAN_OF = 10_000;

    private final String id;
    private final String name;
    private final String description;
    private final ConnectPoint ingress;
    private final ExperimentTraffic traffic;
    private final List<ExperimentClass> classes;
    private final int packetsPerClass;
    private final Duration interval;
    private final List<Double> loadsMbps;
    private final List<Integer> frameSizes;
    private final int repetitions;
    private final int warmup;
    private final int blockSize;
    private final long seed;
    private final TimeWindow window;
    private final List<Double> thresholds;
    private final List<Double> meanThresholds;
    private final int meanOf;
    private final boolean stages;

    private Experiment(Builder b) {
        id = checkNotNull(b.id, "id");
        name = b.name == null ? b.id : b.name;
        description = b.description == null ? "" : b.description;
        ingress = b.ingress;
        traffic = b.traffic;
        classes = ImmutableList.copyOf(b.classes);
        packetsPerClass = b.packetsPerClass;
        interval = b.interval;
        loadsMbps = ImmutableList.copyOf(b.loadsMbps);
        frameSizes = b.frameSizes.isEmpty() ? ImmutableList.of(DEFAULT_FRAME_SIZE) : ImmutableList.copyOf(b.frameSizes);
        repetitions = b.repetitions;
        warmup = b.warmup;
        blockSize = b.blockSize;
        seed = b.seed;
        window = b.window;
        thresholds = ImmutableList.copyOf(b.thresholds);
        meanThresholds = ImmutableList.copyOf(b.meanThresholds);
        meanOf = b.meanOf;
        stages = b.stages;
    }

    /**
     * Starts an experiment.
     *
     * @param id lower-case letters, digits and dashes, 1..32
     * @return a builder with the defaults: probes, 1 ms, 128-byte frames, 1 repetition, no
     *         warm-up, blocks of 100, seed 1, n = 10,000 for the mean's K table
     */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /**
     * Returns a builder holding this experiment's values.
     *
     * @return the builder
     */
    public Builder toBuilder() {
        Builder b = new Builder(id).name(name).description(description).ingress(ingress).traffic(traffic)
                .classes(classes).packetsPerClass(packetsPerClass).loadsMbps(loadsMbps).frameSizes(frameSizes)
                .repetitions(repetitions).warmup(warmup).blockSize(blockSize).seed(seed).window(window)
                .thresholds(thresholds).meanThresholds(meanThresholds).meanOf(meanOf).stages(stages);
        b.interval = interval;
        return b;
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

    /** Where the packets enter the measured device; null only in an experiment that fails validation. */
    public ConnectPoint ingress() {
        return ingress;
    }

    /**
     * Returns the network scope: runs measuring at the same device take turns.
     *
     * @return the ingress device
     */
    public DeviceId scope() {
        return ingress.deviceId();
    }

    public ExperimentTraffic traffic() {
        return traffic;
    }

    public List<ExperimentClass> classes() {
        return classes;
    }

    /**
     * Returns the index of a class.
     *
     * @param className its name
     * @return its position, or -1
     */
    public int classIndex(String className) {
        for (int i = 0; i < classes.size(); i++) {
            if (classes.get(i).name().equals(className)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Returns the baseline class.
     *
     * @return the class whose role is BASELINE, if there is one
     */
    public Optional<ExperimentClass> baseline() {
        return classes.stream().filter(c -> c.role() == ExperimentClassRole.BASELINE).findFirst();
    }

    /** N: measured packets of each class in each cell and repetition. */
    public int packetsPerClass() {
        return packetsPerClass;
    }

    /** The interval between packets when no load rates are given. */
    public Optional<Duration> interval() {
        return Optional.ofNullable(interval);
    }

    /** Load rates (Mbps): each with each frame size makes a cell. */
    public List<Double> loadsMbps() {
        return loadsMbps;
    }

    public List<Integer> frameSizes() {
        return frameSizes;
    }

    public int repetitions() {
        return repetitions;
    }

    /** Packets of each class sent before the measured ones of each cell and repetition, not measured. */
    public int warmup() {
        return warmup;
    }

    /** Packets of one class sent back to back before the next class's turn. */
    public int blockSize() {
        return blockSize;
    }

    /** Seed of the order in which classes take turns in each round of blocks. */
    public long seed() {
        return seed;
    }

    /** For external traffic: when it was sent. */
    public Optional<TimeWindow> window() {
        return Optional.ofNullable(window);
    }

    /** Overhead thresholds of the one-packet "K ≤ x" table; empty: chosen from the results. */
    public List<Double> thresholds() {
        return thresholds;
    }

    /** Overhead thresholds of the "K ≤ x" table of the mean of n packets; empty: chosen from the results. */
    public List<Double> meanThresholds() {
        return meanThresholds;
    }

    /** n of the "mean of n packets" table. */
    public int meanOf() {
        return meanOf;
    }

    /**
     * Tells whether every packet is also reported where the classes' packets go on (APN6
     * transit, MSR6 replication and decapsulation), for the stages and the clone-and-forward
     * tables; without, only the ingress device reports them (and IPv6 wherever it forwards).
     *
     * @return true by default
     */
    public boolean stages() {
        return stages;
    }

    /**
     * Returns the cells: frame sizes × load rates, or one per frame size at the interval.
     *
     * @return the cells in the order they run
     */
    public List<ExperimentCell> cells() {
        ImmutableList.Builder<ExperimentCell> cells = ImmutableList.builder();
        int index = 0;
        for (int size : frameSizes) {
            if (loadsMbps.isEmpty()) {
                long nanos = (interval == null ? DEFAULT_INTERVAL : interval).toNanos();
                cells.add(ExperimentCell.of(index++, size, Math.max(1, nanos), null));
            } else {
                for (double load : loadsMbps) {
                    long nanos = load > 0 ? ExperimentCell.intervalFor(size, load) : 1;
                    cells.add(ExperimentCell.of(index++, size, nanos, load));
                }
            }
        }
        return cells.build();
    }

    /**
     * Returns how many packets of each class a run sends: (warm-up + N) per cell and repetition.
     *
     * @return packets per class
     */
    public long packetsPerClassInRun() {
        return (long) cells().size() * repetitions * ((long) warmup + packetsPerClass);
    }

    /**
     * Returns how many packets a run sends in all.
     *
     * @return packets
     */
    public long packetsInRun() {
        return packetsPerClassInRun() * classes.size();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Experiment)) {
            return false;
        }
        Experiment e = (Experiment) o;
        return id.equals(e.id) && name.equals(e.name) && description.equals(e.description)
                && Objects.equals(ingress, e.ingress) && traffic == e.traffic && classes.equals(e.classes)
                && packetsPerClass == e.packetsPerClass && Objects.equals(interval, e.interval)
                && loadsMbps.equals(e.loadsMbps) && frameSizes.equals(e.frameSizes) && repetitions == e.repetitions
                && warmup == e.warmup && blockSize == e.blockSize && seed == e.seed
                && Objects.equals(window, e.window) && thresholds.equals(e.thresholds)
                && meanThresholds.equals(e.meanThresholds) && meanOf == e.meanOf && stages == e.stages;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, ingress, traffic, classes, packetsPerClass, interval, loadsMbps, frameSizes,
                            repetitions, warmup, blockSize, seed, window);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("ingress", ingress).add("traffic", traffic)
                .add("classes", classes).add("packetsPerClass", packetsPerClass).add("interval", interval)
                .add("loadsMbps", loadsMbps).add("frameSizes", frameSizes).add("repetitions", repetitions)
                .toString();
    }

    /** Builds an experiment; nothing is checked here but that the id is given (validate names the rest). */
    public static final class Builder {
        private final String id;
        private String name;
        private String description;
        private ConnectPoint ingress;
        private ExperimentTraffic traffic = ExperimentTraffic.PROBES;
        private List<ExperimentClass> classes = ImmutableList.of();
        private int packetsPerClass = 1000;
        private Duration interval;
        private List<Double> loadsMbps = ImmutableList.of();
        private List<Integer> frameSizes = ImmutableList.of();
        private int repetitions = 1;
        private int warmup;
        private int blockSize = DEFAULT_BLOCK_SIZE;
        private long seed = 1;
        private TimeWindow window;
        private List<Double> thresholds = ImmutableList.of();
        private List<Double> meanThresholds = ImmutableList.of();
        private int meanOf = DEFAULT_MEAN_OF;
        private boolean stages = true;

        private Builder(String id) {
            this.id = id;
        }

        public Builder name(String value) {
            name = value;
            return this;
        }

        public Builder description(String value) {
            description = value;
            return this;
        }

        public Builder ingress(ConnectPoint value) {
            ingress = value;
            return this;
        }

        public Builder traffic(ExperimentTraffic value) {
            traffic = checkNotNull(value);
            return this;
        }

        public Builder classes(List<ExperimentClass> value) {
            classes = ImmutableList.copyOf(value);
            return this;
        }

        public Builder packetsPerClass(int value) {
            packetsPerClass = value;
            return this;
        }

        /** The interval between packets; null for the default (1 ms) unless load rates are given. */
        public Builder interval(Duration value) {
            interval = value;
            return this;
        }

        public Builder loadsMbps(List<Double> value) {
            loadsMbps = ImmutableList.copyOf(value);
            return this;
        }

        public Builder frameSizes(List<Integer> value) {
            frameSizes = ImmutableList.copyOf(value);
            return this;
        }

        public Builder repetitions(int value) {
            repetitions = value;
            return this;
        }

        public Builder warmup(int value) {
            warmup = value;
            return this;
        }

        public Builder blockSize(int value) {
            blockSize = value;
            return this;
        }

        public Builder seed(long value) {
            seed = value;
            return this;
        }

        public Builder window(TimeWindow value) {
            window = value;
            return this;
        }

        public Builder thresholds(List<Double> value) {
            thresholds = ImmutableList.copyOf(value);
            return this;
        }

        public Builder meanThresholds(List<Double> value) {
            meanThresholds = ImmutableList.copyOf(value);
            return this;
        }

        public Builder meanOf(int value) {
            meanOf = value;
            return this;
        }

        public Builder stages(boolean value) {
            stages = value;
            return this;
        }

        public Experiment build() {
            return new Experiment(this);
        }
    }
}
