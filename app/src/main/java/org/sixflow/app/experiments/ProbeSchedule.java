// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.sixflow.app.api.Experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The order in which a run sends its packets. For each cell and repetition, first the warm-up
 * packets and then the measured ones, each phase in rounds: in every round each class that has
 * packets left sends a block of them back to back, the classes taking turns in an order shuffled
 * from the experiment's seed, so that drift and disturbances hit every class alike.
 *
 * <p>Within a class, sequence numbers count up in sending order over the whole run: cell c,
 * repetition r holds (warm-up + N) numbers from ((c · R) + r) · (warm-up + N), warm-up first, so
 * a number alone tells its cell, repetition and phase ({@link #slotOf}).
 */
public final class ProbeSchedule implements Iterable<ProbeSlot> {

    private final int classes;
    private final int cells;
    private final int repetitions;
    private final int warmup;
    private final int measured;
    private final int blockSize;
    private final long seed;

    private ProbeSchedule(int classes, int cells, int repetitions, int warmup, int measured, int blockSize,
                          long seed) {
        checkArgument(classes > 0 && cells > 0 && repetitions > 0 && warmup >= 0 && measured > 0 && blockSize > 0,
                      "schedule needs classes, cells, repetitions, packets and a block size");
        this.classes = classes;
        this.cells = cells;
        this.repetitions = repetitions;
        this.warmup = warmup;
        this.measured = measured;
        this.blockSize = blockSize;
        this.seed = seed;
    }

    /**
     * Returns the schedule of an experiment.
     *
     * @param experiment a valid experiment
     * @return its schedule
     */
    public static ProbeSchedule of(Experiment experiment) {
        return of(experiment.classes().size(), experiment.cells().size(), experiment.repetitions(),
                  experiment.warmup(), experiment.packetsPerClass(), experiment.blockSize(), experiment.seed());
    }

    /**
     * Returns a schedule.
     *
     * @param classes     classes
     * @param cells       cells
     * @param repetitions repetitions of each cell
     * @param warmup      warm-up packets per class, cell and repetition
     * @param measured    measured packets (N) per class, cell and repetition
     * @param blockSize   packets of a class back to back
     * @param seed        seed of the turn order
     * @return the schedule
     */
    public static ProbeSchedule of(int classes, int cells, int repetitions, int warmup, int measured,
                                   int blockSize, long seed) {
        return new ProbeSchedule(classes, cells, repetitions, warmup, measured, blockSize, seed);
    }

    /** Packets in the whole schedule. */
    public long size() {
        return (long) classes * perClass();
    }

    /** Packets of each class in the whole schedule. */
    public long perClass() {
        return (long) cells * repetitions * (warmup + measured);
    }

    /**
     * Tells which slot a class's sequence number is.
     *
     * @param classIndex the class
     * @param sequence   a sequence number of the schedule
     * @return its cell, repetition and phase
     */
    public ProbeSlot slotOf(int classIndex, long sequence) {
        checkArgument(sequence >= 0 && sequence < perClass(), "sequence %s outside the schedule", sequence);
        long perRepetition = warmup + measured;
        long round = sequence / perRepetition;
        return new ProbeSlot((int) (round / repetitions), (int) (round % repetitions), classIndex, sequence,
                             sequence % perRepetition < warmup);
    }

    @Override
    public Iterator<ProbeSlot> iterator() {
        return new Slots();
    }

    /** Walks the schedule without holding it: one phase's blocks at a time. */
    private final class Slots implements Iterator<ProbeSlot> {
        private final Random random = new Random(seed);
        private final List<ProbeSlot> phase = new ArrayList<>();
        private int next;
        private int cell;
        private int repetition;
        private boolean warmupPhase = warmup > 0;
        private boolean done;

        Slots() {
            fill();
        }

        @Override
        public boolean hasNext() {
            return !done;
        }

        @Override
        public ProbeSlot next() {
            if (done) {
                throw new NoSuchElementException();
            }
            ProbeSlot slot = phase.get(next++);
            if (next == phase.size()) {
                advance();
            }
            return slot;
        }

        private void advance() {
            if (warmupPhase) {
                warmupPhase = false;
            } else if (++repetition == repetitions) {
                repetition = 0;
                if (++cell == cells) {
                    done = true;
                    return;
                }
                warmupPhase = warmup > 0;
            } else {
                warmupPhase = warmup > 0;
            }
            fill();
        }

        /** Lays out the current phase: rounds of blocks in a shuffled class order. */
        private void fill() {
            phase.clear();
            next = 0;
            int count = warmupPhase ? warmup : measured;
            long base = ((long) cell * repetitions + repetition) * (warmup + measured) + (warmupPhase ? 0 : warmup);
            int[] sent = new int[classes];
            List<Integer> order = new ArrayList<>();
            for (int c = 0; c < classes; c++) {
                order.add(c);
            }
            int left = classes * count;
            while (left > 0) {
                Collections.shuffle(order, random);
                for (int c : order) {
                    int block = Math.min(blockSize, count - sent[c]);
                    for (int i = 0; i < block; i++) {
                        phase.add(new ProbeSlot(cell, repetition, c, base + sent[c] + i, warmupPhase));
                    }
                    sent[c] += block;
                    left -= block;
                }
            }
        }
    }
}
