// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A probe's identity in its IPv6 header, the only place every Sixflow operation keeps and every
 * telemetry report shows (a report carries the first 128 bytes of the packet; MSR6 encapsulation
 * keeps the header as the inner one, where ProbeReports reads it, and decapsulation restores it):
 * traffic class = 1 | run tag (2 bits) | class index (5 bits), flow label = sequence number.
 * The top bit tells probes from other traffic (which Linux sends with traffic class 0).
 */
public final class ProbeTag {

    /** Runs whose probes can be told apart at once. */
    public static final int RUN_TAGS = 4;
    /** Classes an experiment may have. */
    public static final int MAX_CLASSES = 32;
    /** Probes of one class in one run: the flow label's 20 bits. */
    public static final long MAX_SEQUENCES = 1L << 20;
    private static final int MARKER = 0x80;

    private final int runTag;
    private final int classIndex;
    private final long sequence;

    private ProbeTag(int runTag, int classIndex, long sequence) {
        checkArgument(runTag >= 0 && runTag < RUN_TAGS, "run tag %s outside 0..%s", runTag, RUN_TAGS - 1);
        checkArgument(classIndex >= 0 && classIndex < MAX_CLASSES, "class index %s outside 0..%s", classIndex,
                      MAX_CLASSES - 1);
        checkArgument(sequence >= 0 && sequence < MAX_SEQUENCES, "sequence %s outside 0..%s", sequence,
                      MAX_SEQUENCES - 1);
        this.runTag = runTag;
        this.classIndex = classIndex;
        this.sequence = sequence;
    }

    /**
     * Creates a tag.
     *
     * @param runTag     0..3, unique among the runs sending at once
     * @param classIndex the class's position in the experiment
     * @param sequence   the probe's number within its class
     * @return the tag
     */
    public static ProbeTag of(int runTag, int classIndex, long sequence) {
        return new ProbeTag(runTag, classIndex, sequence);
    }

    /**
     * Reads a tag from the first 32 bits of an IPv6 header.
     *
     * @param versionClassFlow version (4) | traffic class (8) | flow label (20)
     * @return the tag, or empty for a packet that is not a probe
     */
    public static Optional<ProbeTag> read(int versionClassFlow) {
        if ((versionClassFlow >>> 28) != 6) {
            return Optional.empty();
        }
        int trafficClass = (versionClassFlow >>> 20) & 0xff;
        if ((trafficClass & MARKER) == 0) {
            return Optional.empty();
        }
        return Optional.of(new ProbeTag((trafficClass >>> 5) & 0x3, trafficClass & 0x1f,
                                        versionClassFlow & 0xfffff));
    }

    /** The IPv6 traffic class of the probe. */
    public int trafficClass() {
        return MARKER | runTag << 5 | classIndex;
    }

    /** The IPv6 flow label of the probe. */
    public int flowLabel() {
        return (int) sequence;
    }

    /** The first 32 bits of the probe's IPv6 header. */
    public int versionClassFlow() {
        return 6 << 28 | trafficClass() << 20 | flowLabel();
    }

    public int runTag() {
        return runTag;
    }

    public int classIndex() {
        return classIndex;
    }

    public long sequence() {
        return sequence;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProbeTag && runTag == ((ProbeTag) o).runTag && classIndex == ((ProbeTag) o).classIndex
                && sequence == ((ProbeTag) o).sequence;
    }

    @Override
    public int hashCode() {
        return Objects.hash(runTag, classIndex, sequence);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("runTag", runTag).add("classIndex", classIndex)
                .add("sequence", sequence).toString();
    }
}
