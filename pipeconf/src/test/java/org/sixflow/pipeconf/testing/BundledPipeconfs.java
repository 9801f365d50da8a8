// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.codegen.PipeconfPaths;
import org.sixflow.pipeconf.codegen.SourceHash;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pipeconfs as the bundle builds them from its committed artifacts (their pipeline
 * models parsed from the committed P4Info files by ONOS's P4InfoParser).
 */
public final class BundledPipeconfs {

    // Built once: a pipeconf is an immutable value whose extensions are URLs opened on each read,
    // and building one hashes every artifact (megabytes for Tofino) for its fingerprint.
    private static final Supplier<PiPipeconf> TOFINO = Suppliers.memoize(() -> {
        try {
            return PipeconfFactory.tofino(SixflowPipeconfs.CORE_TOFINO, PipeconfArtifacts.ofResources(
                    PipeconfFactory.class, SixflowPipeconfs.bundleFolder(SixflowPipeconfs.CORE_PROFILE,
                                                                         PipeconfTarget.TOFINO)));
        } catch (Exception e) {
            throw new IllegalStateException("Tofino artifacts unreadable", e);
        }
    });

    private static final Map<String, PiPipeconf> BMV2_PROFILES = new ConcurrentHashMap<>();
    private static final Map<String, PiPipeconf> TOFINO_PROFILES = new ConcurrentHashMap<>();

    private BundledPipeconfs() {
    }

    /**
     * Returns a profile's bmv2 pipeconf.
     *
     * @param profile the profile (profiles.json)
     * @return the pipeconf
     */
    public static PiPipeconf bmv2(String profile) {
        return BMV2_PROFILES.computeIfAbsent(profile, p -> {
            try {
                return PipeconfFactory.bmv2(SixflowPipeconfs.id(p, PipeconfTarget.BMV2), PipeconfArtifacts.ofResources(
                        PipeconfFactory.class, SixflowPipeconfs.bundleFolder(p, PipeconfTarget.BMV2)));
            } catch (Exception e) {
                throw new IllegalStateException(p + " bmv2 artifacts unreadable", e);
            }
        });
    }

    /**
     * Returns the full profile's bmv2 pipeconf.
     *
     * @return the pipeconf
     */
    public static PiPipeconf bmv2() {
        return bmv2(SixflowPipeconfs.FULL_PROFILE);
    }

    /**
     * Returns the core profile's Tofino pipeconf (the studies' Tofino program).
     *
     * @return the pipeconf
     */
    public static PiPipeconf tofino() {
        return TOFINO.get();
    }

    /**
     * Returns a profile's Tofino pipeconf, as its committed artifacts give it (stale ones
     * included: see {@link #tofinoCurrent(String)}).
     *
     * @param profile a profile with a Tofino target (profiles.json)
     * @return the pipeconf
     */
    public static PiPipeconf tofino(String profile) {
        return TOFINO_PROFILES.computeIfAbsent(profile, p -> {
            try {
                return PipeconfFactory.tofino(SixflowPipeconfs.id(p, PipeconfTarget.TOFINO), PipeconfArtifacts.ofResources(
                        PipeconfFactory.class, SixflowPipeconfs.bundleFolder(p, PipeconfTarget.TOFINO)));
            } catch (Exception e) {
                throw new IllegalStateException(p + " Tofino artifacts unreadable", e);
            }
        });
    }

    /**
     * Tells whether a profile's committed Tofino artifacts were compiled from the current P4
     * sources (bf-p4c is not run on every change: the outputs are rebuilt after it).
     *
     * @param profile a profile with a Tofino target
     * @return true when their source hash is that of the profile's current TNA program
     */
    public static boolean tofinoCurrent(String profile) {
        File hash = new File(PipeconfPaths.artifacts(profile, "tofino"), SixflowPipeconfs.SOURCE_HASH_FILE);
        try {
            return SourceHash.of(profile, "tofino").equals(new String(Files.readAllBytes(hash.toPath()),
                                                                      StandardCharsets.UTF_8).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Tells whether the committed core-profile Tofino artifacts were compiled from the current P4 sources.
     *
     * @return true when their source hash is that of the core profile's TNA program
     */
    public static boolean tofinoCurrent() {
        File hash = new File(PipeconfPaths.artifacts(SixflowPipeconfs.CORE_PROFILE, "tofino"),
                             SixflowPipeconfs.SOURCE_HASH_FILE);
        try {
            return SourceHash.of(SixflowPipeconfs.CORE_PROFILE, "tofino").equals(new String(Files.readAllBytes(hash.toPath()),
                                                          StandardCharsets.UTF_8).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Returns the pipeline model a Tofino build of the current sources has, to check entries
     * against: the committed Tofino model when it is current; else, until bf-p4c rebuilds it, the
     * bmv2 one, whose tables, keys, actions and widths a current Tofino build has too
     * (CompiledArtifactsTest#tofinoP4InfoUsesTheBmv2Names holds the two together).
     *
     * @return the model
     */
    public static PiPipelineModel tofinoModel() {
        return (tofinoCurrent() ? tofino() : bmv2()).pipelineModel();
    }
}
