// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a Sixflow pipeconf's data plane can do: its profile and target, the features compiled in,
 * its tables (from its P4Info model), how many M-SIDs it parses and decapsulates in egress, how
 * many units of a G-PDU's extension headers it walks, how much of a telemetry clone it keeps, how
 * long a timestamp tick is and which port takes a packet round the pipeline once more. Controllers ask here before
 * compiling a feature's entries for a device, instead of knowing pipeconf ids.
 */
public final class PipeconfCapabilities {

    private final PiPipeconfId id;
    private final PipeconfProfile profile;
    private final PipeconfTarget target;
    private final Set<PiTableId> tables;
    private final int maxMsids;
    private final int egressMaxMsids;
    private final int gtpuExtensionUnits;
    private final int telemetryTruncate;
    private final long nanosPerTick;
    private final OptionalInt recirculationPort;

    private PipeconfCapabilities(PiPipeconfId id, PipeconfProfile profile, PipeconfTarget target,
                                 Set<PiTableId> tables) {
        this.id = id;
        this.profile = profile;
        this.target = target;
        this.tables = Set.copyOf(tables);
        boolean msr6 = profile.has(Feature.MSR6);
        // Without MSR6 the program parses no M-SID at all.
        this.maxMsids = msr6 ? EgressMsidLimits.BMV2 : 0;
        this.egressMaxMsids = msr6 ? EgressMsidLimits.of(id).orElseThrow() : 0;
        this.gtpuExtensionUnits = profile.has(Feature.GTPU) ? GtpuExtensionLimits.of(id).orElseThrow() : 0;
        this.telemetryTruncate = CloneSessions.telemetryTruncate(id).orElseThrow();
        this.nanosPerTick = TimestampUnits.nanosPerTick(id).orElseThrow();
        // Only GTP-U's programs go round (its UE-to-UE hairpin); bmv2 recirculates under WITH_GTPU.
        this.recirculationPort = profile.has(Feature.GTPU)
                ? OptionalInt.of(RecirculationPorts.of(id).orElseThrow()) : OptionalInt.empty();
    }

    /**
     * Returns the capabilities of a pipeconf.
     *
     * @param pipeconf a registered pipeconf
     * @return its capabilities, or empty when it is not a Sixflow pipeconf
     */
    public static Optional<PipeconfCapabilities> of(PiPipeconf pipeconf) {
        checkNotNull(pipeconf);
        PiPipeconfId id = pipeconf.id();
        Optional<PipeconfProfile> profile = SixflowPipeconfs.profileOf(id);
        Optional<PipeconfTarget> target = SixflowPipeconfs.targetOf(id);
        if (profile.isEmpty() || target.isEmpty()) {
            return Optional.empty();
        }
        Set<PiTableId> tables = pipeconf.pipelineModel().tables().stream().map(PiTableModel::id)
                .collect(Collectors.toSet());
        return Optional.of(new PipeconfCapabilities(id, profile.get(), target.get(), tables));
    }

    public PiPipeconfId pipeconfId() {
        return id;
    }

    public PipeconfProfile profile() {
        return profile;
    }

    public PipeconfTarget target() {
        return target;
    }

    /**
     * Tells whether the data plane has a feature.
     *
     * @param feature the feature
     * @return true if the profile compiles it in
     */
    public boolean has(Feature feature) {
        return profile.has(feature);
    }

    /**
     * Tells whether the pipeline has a table (by its P4Info name).
     *
     * @param table the table
     * @return true if the P4Info model has it
     */
    public boolean hasTable(PiTableId table) {
        return tables.contains(table);
    }

    /** @return the tables of the P4Info model */
    public Set<PiTableId> tables() {
        return tables;
    }

    /** @return the most M-SIDs an MRH may carry here (MAX_MSIDS; 0 without MSR6) */
    public int maxMsids() {
        return maxMsids;
    }

    /**
     * @return the most M-SIDs the egress decapsulates for a receiver of the replicating node
     *         (EgressMsidLimits; 0 without MSR6)
     */
    public int egressMaxMsids() {
        return egressMaxMsids;
    }

    /**
     * @return the most 4-octet units of extension headers a received G-PDU may carry
     *         (GtpuExtensionLimits; 0 without GTP-U)
     */
    public int gtpuExtensionUnits() {
        return gtpuExtensionUnits;
    }

    /** @return how many bytes of a clone the telemetry session keeps (0: all) */
    public int telemetryTruncate() {
        return telemetryTruncate;
    }

    /** @return nanoseconds per data-plane timestamp tick */
    public long nanosPerTick() {
        return nanosPerTick;
    }

    /**
     * @return the port a packet (or a packet-out) is sent to for the pipeline to take it as
     *         received there (RecirculationPorts); empty for a profile without GTP-U, which does not
     *         go round
     */
    public OptionalInt recirculationPort() {
        return recirculationPort;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PipeconfCapabilities)) {
            return false;
        }
        PipeconfCapabilities other = (PipeconfCapabilities) o;
        return id.equals(other.id) && tables.equals(other.tables);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, tables);
    }

    @Override
    public String toString() {
        return id + " " + profile.features();
    }
}
