// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * One packet of a run's schedule: its cell, repetition, class, sequence number within the class,
 * and whether it is a warm-up packet (sent, not measured).
 */
public final class ProbeSlot {

    private final int cell;
    private final int repetition;
    private final int classIndex;
    private final long sequence;
    private final boolean warmup;

    ProbeSlot(int cell, int repetition, int classIndex, long sequence, boolean warmup) {
        this.cell = cell;
        this.repetition = repetition;
        this.classIndex = classIndex;
        this.sequence = sequence;
        this.warmup = warmup;
    }

    public int cell() {
        return cell;
    }

    public int repetition() {
        return repetition;
    }

    public int classIndex() {
        return classIndex;
    }

    public long sequence() {
        return sequence;
    }

    public boolean warmup() {
        return warmup;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ProbeSlot)) {
            return false;
        }
        ProbeSlot s = (ProbeSlot) o;
        return cell == s.cell && repetition == s.repetition && classIndex == s.classIndex && sequence == s.sequence
                && warmup == s.warmup;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cell, repetition, classIndex, sequence, warmup);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("cell", cell).add("repetition", repetition)
                .add("classIndex", classIndex).add("sequence", sequence).add("warmup", warmup).toString();
    }
}
