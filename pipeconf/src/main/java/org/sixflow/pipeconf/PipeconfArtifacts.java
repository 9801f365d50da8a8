// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where one target's compiled artifacts are: a folder inside the bundle or on disk. Either may
 * carry an artifact gzip-compressed (name + ".gz": Tofino's context.json, several MB of JSON);
 * ONOS reads pipeconf extensions from URLs as they are, so such an artifact is unpacked once into
 * a temporary file and that file's URL is the artifact's.
 */
public final class PipeconfArtifacts {

    /** What a gzip-compressed artifact's name ends with. */
    public static final String PACKED_SUFFIX = ".gz";

    private final String description;
    private final Function<String, URL> resolver;

    private PipeconfArtifacts(String description, Function<String, URL> resolver) {
        this.description = description;
        this.resolver = orPacked(resolver);
    }

    /** The resolver, falling back to a packed copy (name + ".gz") unpacked once. */
    private static Function<String, URL> orPacked(Function<String, URL> resolver) {
        Map<String, URL> unpacked = new ConcurrentHashMap<>();
        return name -> {
            URL plain = resolver.apply(name);
            if (plain != null) {
                return plain;
            }
            URL packed = resolver.apply(name + PACKED_SUFFIX);
            return packed == null ? null : unpacked.computeIfAbsent(name, n -> unpack(packed, n));
        };
    }

    /**
     * Artifacts carried as class-path resources under a folder.
     *
     * @param owner  class whose loader finds the resources
     * @param folder folder, starting and ending with '/'
     * @return the artifacts
     */
    public static PipeconfArtifacts ofResources(Class<?> owner, String folder) {
        checkNotNull(owner);
        checkNotNull(folder);
        return new PipeconfArtifacts("bundle:" + folder, name -> owner.getResource(folder + name));
    }

    private static URL unpack(URL packed, String name) {
        try (InputStream in = new GZIPInputStream(packed.openStream())) {
            Path file = Files.createTempFile("sixflow-", "-" + new File(name).getName());
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file.toUri().toURL();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot unpack pipeconf artifact " + name + " from " + packed, e);
        }
    }

    /**
     * Artifacts in a folder on disk (for Tofino, the bf-p4c output folder, or a copy of the
     * committed one with its packed context.json).
     *
     * @param folder the folder
     * @return the artifacts
     */
    public static PipeconfArtifacts ofDirectory(File folder) {
        checkNotNull(folder);
        return new PipeconfArtifacts(folder.getAbsolutePath(), name -> {
            File file = new File(folder, name);
            if (!file.isFile()) {
                return null;
            }
            try {
                return file.toURI().toURL();
            } catch (MalformedURLException e) {
                return null;
            }
        });
    }

    /**
     * Returns the URL of an artifact, if present.
     *
     * @param name file name relative to the folder
     * @return its URL, or empty
     */
    public Optional<URL> find(String name) {
        return Optional.ofNullable(resolver.apply(name));
    }

    /**
     * Returns the URL of an artifact that must be present.
     *
     * @param name file name relative to the folder
     * @return its URL
     * @throws IllegalStateException naming the missing file
     */
    public URL require(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException(
                "Missing pipeconf artifact " + name + " in " + description));
    }

    /**
     * Tells whether every named artifact is present.
     *
     * @param names file names
     * @return true if all are present
     */
    public boolean hasAll(String... names) {
        for (String name : names) {
            if (find(name).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return description;
    }
}
