// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The bundle's artifacts as ONOS gets them: plain ones as they are, a gzip-compressed one
 * (Tofino's context.json) unpacked once into a file of its own.
 */
public class PipeconfArtifactsTest {

    @Rule
    public final TemporaryFolder temporary = new TemporaryFolder();

    private static final PipeconfArtifacts TOFINO =
            PipeconfArtifacts.ofResources(PipeconfLoader.class, SixflowPipeconfs.bundleFolder(SixflowPipeconfs.CORE_PROFILE, PipeconfTarget.TOFINO));

    @Test
    public void aPackedArtifactIsServedUnpacked() throws Exception {
        URL context = TOFINO.require(SixflowPipeconfs.TOFINO_CONTEXT_FILE);
        assertEquals("file", context.getProtocol());
        byte[] unpacked;
        try (InputStream in = context.openStream()) {
            unpacked = in.readAllBytes();
        }
        URL packed = PipeconfLoader.class.getResource(SixflowPipeconfs.bundleFolder(SixflowPipeconfs.CORE_PROFILE, PipeconfTarget.TOFINO)
                + SixflowPipeconfs.TOFINO_CONTEXT_FILE + PipeconfArtifacts.PACKED_SUFFIX);
        try (InputStream in = new GZIPInputStream(packed.openStream())) {
            assertArrayEquals(in.readAllBytes(), unpacked);
        }
        assertEquals("tofino", new ObjectMapper().readTree(unpacked).path("target").asText());
        // Once: the same file every time.
        assertEquals(context, TOFINO.require(SixflowPipeconfs.TOFINO_CONTEXT_FILE));
    }

    @Test
    public void aPlainArtifactIsTheResourceItself() {
        URL bin = TOFINO.require(SixflowPipeconfs.TOFINO_BIN_FILE);
        assertEquals(PipeconfLoader.class.getResource(SixflowPipeconfs.bundleFolder(SixflowPipeconfs.CORE_PROFILE, PipeconfTarget.TOFINO) + SixflowPipeconfs.TOFINO_BIN_FILE),
                     bin);
        assertFalse(TOFINO.find("pipe/no-such-artifact.json").isPresent());
        assertTrue(TOFINO.hasAll(SixflowPipeconfs.TOFINO_CONTEXT_FILE, SixflowPipeconfs.TOFINO_BIN_FILE));
    }

    @Test
    public void aFolderOnDiskServesItsPackedArtifactsUnpackedToo() throws Exception {
        File folder = temporary.newFolder("artifacts");
        try (OutputStream out = new GZIPOutputStream(
                Files.newOutputStream(folder.toPath().resolve("context.json" + PipeconfArtifacts.PACKED_SUFFIX)))) {
            out.write("{\"target\":\"tofino\"}".getBytes(StandardCharsets.UTF_8));
        }
        PipeconfArtifacts onDisk = PipeconfArtifacts.ofDirectory(folder);
        try (InputStream in = onDisk.require("context.json").openStream()) {
            assertEquals("{\"target\":\"tofino\"}", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertFalse(onDisk.find("tofino.bin").isPresent());
    }
}
