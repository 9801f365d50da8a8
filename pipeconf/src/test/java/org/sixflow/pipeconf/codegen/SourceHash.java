// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The hash of a target's P4 sources, computed exactly as {@code build-p4.sh --hash} does:
 * sha256 of the {@code sha256sum} listing of every .p4 file under p4src/common and the
 * target's folder, sorted bytewise by path.
 */
public final class SourceHash {

    private SourceHash() {
    }

    /**
     * Returns the source hash of a target.
     *
     * @param archFolder the target's folder under p4src (v1model or tna)
     * @return lower-case hex sha256
     */
    public static String of(String archFolder) {
        StringBuilder listing = new StringBuilder();
        for (Path file : sources(archFolder)) {
            String path = PipeconfPaths.relativeToPipeconf(file.toFile());
            listing.append(sha256(read(file))).append("  ").append(path).append('\n');
        }
        return sha256(listing.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static List<Path> sources(String archFolder) {
        try (Stream<Path> common = Files.walk(new File(PipeconfPaths.P4SRC, "common").toPath());
             Stream<Path> arch = Files.walk(new File(PipeconfPaths.P4SRC, archFolder).toPath())) {
            return Stream.concat(common, arch)
                    .filter(Files::isRegularFile)
                    .filter(path -> path.toString().endsWith(".p4"))
                    .sorted((a, b) -> PipeconfPaths.relativeToPipeconf(a.toFile())
                            .compareTo(PipeconfPaths.relativeToPipeconf(b.toFile())))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder hex = new StringBuilder();
            for (byte b : digest) {
                hex.append(String.format("%02x", b));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
