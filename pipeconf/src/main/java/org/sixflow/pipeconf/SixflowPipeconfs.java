// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Identifiers of the Sixflow pipeconfs, one per data-plane profile and target
 * ({@code org.sixflow.<profile>.<target>}, profiles.json), and where their compiled artifacts
 * live in the bundle ({@code /p4c-out/<profile>/<target>/}).
 */
public final class SixflowPipeconfs {

    /** What every Sixflow pipeconf id starts with. */
    public static final String ID_PREFIX = "org.sixflow.";
    /** The profile with every feature (profiles.json "full"). */
    public static final String FULL_PROFILE = "full";
    /** The full profile on bmv2 (v1model): the bmv2 lab's pipeconf. */
    public static final PiPipeconfId FULL_BMV2 = id(FULL_PROFILE, PipeconfTarget.BMV2);
    /** The profile the studies put on Tofino (profiles.json "core": IPv6, APN6, MSR6, telemetry). */
    public static final String CORE_PROFILE = "core";
    /** The core profile on Tofino (TNA): full does not fit Tofino 1. */
    public static final PiPipeconfId CORE_TOFINO = id(CORE_PROFILE, PipeconfTarget.TOFINO);
    /**
     * Every Sixflow pipeconf profiles.json names: a device running one of these runs the Sixflow
     * pipeline (registered or not: Tofino outputs may be absent).
     */
    public static final Set<PiPipeconfId> ALL = allIds();

    public static final String P4INFO_FILE = "p4info.txt";
    public static final String BMV2_JSON_FILE = "bmv2.json";
    public static final String CPU_PORT_FILE = "cpu_port.txt";
    public static final String SOURCE_HASH_FILE = "source.sha256";
    /** The compiler's version line, as pipeconf/build-p4.sh records it. */
    public static final String COMPILER_FILE = "compiler.txt";
    /** Tofino binary and context, as bf-p4c lays them out under the pipe folder. */
    public static final String TOFINO_BIN_FILE = "pipe/tofino.bin";
    public static final String TOFINO_CONTEXT_FILE = "pipe/context.json";
    /** The Tofino compiler's per-stage MAU resource report (bf-p4c's resources.json schema). */
    public static final String TOFINO_RESOURCES_FILE = "pipe/logs/resources.json";

    private SixflowPipeconfs() {
    }

    private static Set<PiPipeconfId> allIds() {
        Set<PiPipeconfId> ids = new LinkedHashSet<>();
        for (PipeconfProfile profile : PipeconfProfiles.all()) {
            for (PipeconfTarget target : PipeconfTarget.values()) {
                if (profile.targets().contains(target)) {
                    ids.add(id(profile.name(), target));
                }
            }
        }
        return Set.copyOf(ids);
    }

    /**
     * Returns the id of a profile's pipeconf for a target.
     *
     * @param profile the profile's name
     * @param target  the target
     * @return org.sixflow.&lt;profile&gt;.&lt;target&gt;
     */
    public static PiPipeconfId id(String profile, PipeconfTarget target) {
        checkNotNull(profile);
        checkNotNull(target);
        return new PiPipeconfId(ID_PREFIX + profile + "." + target.id());
    }

    /**
     * Returns the bundle folder of a profile's compiled artifacts for a target.
     *
     * @param profile the profile's name
     * @param target  the target
     * @return /p4c-out/&lt;profile&gt;/&lt;target&gt;/
     */
    public static String bundleFolder(String profile, PipeconfTarget target) {
        return "/p4c-out/" + profile + "/" + target.id() + "/";
    }

    /**
     * Tells whether an id is a Sixflow pipeconf's (a profile of profiles.json on one of its targets).
     *
     * @param id the pipeconf id
     * @return true if it is Sixflow's
     */
    public static boolean isSixflow(PiPipeconfId id) {
        return id != null && ALL.contains(id);
    }

    /**
     * Returns the profile of a Sixflow pipeconf.
     *
     * @param id the pipeconf id
     * @return its profile, or empty if the id is not Sixflow's
     */
    public static Optional<PipeconfProfile> profileOf(PiPipeconfId id) {
        if (!isSixflow(id)) {
            return Optional.empty();
        }
        String rest = id.id().substring(ID_PREFIX.length());
        return PipeconfProfiles.named(rest.substring(0, rest.lastIndexOf('.')));
    }

    /**
     * Returns the target of a Sixflow pipeconf.
     *
     * @param id the pipeconf id
     * @return its target, or empty if the id is not Sixflow's
     */
    public static Optional<PipeconfTarget> targetOf(PiPipeconfId id) {
        if (!isSixflow(id)) {
            return Optional.empty();
        }
        return PipeconfTarget.ofId(id.id().substring(id.id().lastIndexOf('.') + 1));
    }

    /**
     * Returns a Sixflow pipeconf's value of a figure that depends on its target only (a limit,
     * a unit, a port), given its value on each target.
     *
     * @param id     the pipeconf id
     * @param bmv2   the figure on bmv2
     * @param tofino the figure on Tofino
     * @param <T>    the figure's type
     * @return the pipeconf's target's figure, or empty if the id is not Sixflow's
     */
    public static <T> Optional<T> perTarget(PiPipeconfId id, T bmv2, T tofino) {
        return targetOf(id).map(target -> target == PipeconfTarget.BMV2 ? bmv2 : tofino);
    }
}
