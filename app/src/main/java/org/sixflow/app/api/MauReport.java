// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What the Tofino compiler allocated in the match-action units of a pipeconf's program: per
 * stage, every resource's use against its capacity. Fixed at compile time.
 */
public final class MauReport {

    private final PiPipeconfId pipeconf;
    private final String compiler;
    private final int stageCount;
    private final List<MauStage> stages;

    private MauReport(PiPipeconfId pipeconf, String compiler, int stageCount, List<MauStage> stages) {
        this.pipeconf = checkNotNull(pipeconf);
        this.compiler = checkNotNull(compiler);
        this.stages = ImmutableList.copyOf(checkNotNull(stages));
        checkArgument(stageCount > 0, "stage count must be positive, not %s", stageCount);
        checkArgument(this.stages.size() == stageCount, "%s stages listed for a %s-stage pipe",
                      this.stages.size(), stageCount);
        for (int i = 0; i < stageCount; i++) {
            checkArgument(this.stages.get(i).stage() == i, "stage %s listed in place %s", this.stages.get(i).stage(), i);
        }
        this.stageCount = stageCount;
    }

    /**
     * Creates a report.
     *
     * @param pipeconf   the pipeconf whose program was compiled
     * @param compiler   the compiler's name and version
     * @param stageCount stages of the pipe (12 on Tofino 1)
     * @param stages     every stage, numbered 0..stageCount-1 in order (unused ones too)
     * @return the report
     */
    public static MauReport of(PiPipeconfId pipeconf, String compiler, int stageCount, List<MauStage> stages) {
        return new MauReport(pipeconf, compiler, stageCount, stages);
    }

    public PiPipeconfId pipeconf() {
        return pipeconf;
    }

    public String compiler() {
        return compiler;
    }

    public int stageCount() {
        return stageCount;
    }

    public List<MauStage> stages() {
        return stages;
    }

    /**
     * Returns the whole pipe's figures: per resource type, the stages' use and capacity summed,
     * in {@link MauResourceType} order.
     *
     * @return the totals
     */
    public List<MauResource> totals() {
        Map<MauResourceType, int[]> sums = new EnumMap<>(MauResourceType.class);
        for (MauStage stage : stages) {
            for (MauResource r : stage.resources()) {
                int[] sum = sums.computeIfAbsent(r.type(), t -> new int[2]);
                sum[0] += r.used();
                sum[1] += r.capacity();
            }
        }
        ImmutableList.Builder<MauResource> totals = ImmutableList.builder();
        sums.forEach((type, sum) -> totals.add(MauResource.of(type, sum[0], sum[1])));
        return totals.build();
    }

    /**
     * Returns the number of stages where the compiler placed anything.
     *
     * @return stages with a logical table in use
     */
    public int stagesUsed() {
        return (int) stages.stream()
                .filter(s -> s.resource(MauResourceType.LOGICAL_TABLES).map(r -> r.used() > 0).orElse(false))
                .count();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MauReport)) {
            return false;
        }
        MauReport that = (MauReport) o;
        return stageCount == that.stageCount && pipeconf.equals(that.pipeconf) && compiler.equals(that.compiler)
                && stages.equals(that.stages);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pipeconf, compiler, stageCount, stages);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("pipeconf", pipeconf).add("compiler", compiler)
                .add("stageCount", stageCount).add("stages", stages).toString();
    }
}
