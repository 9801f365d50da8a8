// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

/**
 * What checking a tunnel found, as creating it would: problems with the tunnel itself and with
 * the other tunnels (creating it answers 400), and the tables of its devices too full for its
 * new entries (409). Either makes it invalid.
 */
public final class GtpuTunnelValidation {

    private final List<String> problems;
    private final List<String> conflicts;

    /**
     * Creates a result.
     *
     * @param problems  what is wrong, each naming the field (and the other tunnel or device)
     * @param conflicts each P4 table the tunnel's new entries would overflow, in
     *                  {@link org.sixflow.app.api.TableShortfall#describe} words
     */
    public GtpuTunnelValidation(List<String> problems, List<String> conflicts) {
        this.problems = ImmutableList.copyOf(problems);
        this.conflicts = ImmutableList.copyOf(conflicts);
    }

    /** True when creating the tunnel now would be accepted. */
    public boolean valid() {
        return problems.isEmpty() && conflicts.isEmpty();
    }

    /** What is wrong with the tunnel, or between it and the stored tunnels. */
    public List<String> problems() {
        return problems;
    }

    /** The tables too full for its entries, each naming the device and the table. */
    public List<String> conflicts() {
        return conflicts;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GtpuTunnelValidation)) {
            return false;
        }
        GtpuTunnelValidation other = (GtpuTunnelValidation) o;
        return problems.equals(other.problems) && conflicts.equals(other.conflicts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(problems, conflicts);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("problems", problems).add("conflicts", conflicts).toString();
    }
}
