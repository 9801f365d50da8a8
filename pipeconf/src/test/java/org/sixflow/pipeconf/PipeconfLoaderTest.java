// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.google.common.collect.ImmutableList;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onlab.osgi.ComponentContextAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Registration of the pipeconfs with ONOS, including Tofino from a configured folder.
 */
public class PipeconfLoaderTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final Map<PiPipeconfId, PiPipeconf> registered = new HashMap<>();
    private PipeconfLoader loader;

    @Before
    public void setUp() {
        loader = new PipeconfLoader();
        loader.cfgService = new ComponentConfigAdapter();
        loader.pipeconfService = new PiPipeconfServiceAdapter() {
            @Override
            public void register(PiPipeconf pipeconf) {
                if (registered.putIfAbsent(pipeconf.id(), pipeconf) != null) {
                    throw new IllegalStateException("registered twice: " + pipeconf.id());
                }
            }

            @Override
            public void unregister(PiPipeconfId id) {
                registered.remove(id);
            }

            @Override
            public Iterable<PiPipeconf> getPipeconfs() {
                return ImmutableList.copyOf(registered.values());
            }

            @Override
            public Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
                return Optional.ofNullable(registered.get(id));
            }
        };
    }

    private static ComponentContextAdapter context(String tofinoDir) {
        return new ComponentContextAdapter() {
            @Override
            public Dictionary<String, Object> getProperties() {
                Hashtable<String, Object> properties = new Hashtable<>();
                properties.put(OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR, tofinoDir);
                return properties;
            }
        };
    }

    @Test
    public void registersEveryBmv2ProfileAndTheBundlesTofinoOutputs() {
        loader.activate(context(""));
        for (String profile : new String[]{"full", "ipv6", "core", "gtpu", "nptv6", "bng", "bng-access", "bng-forward"}) {
            assertTrue(profile, registered.containsKey(SixflowPipeconfs.id(profile, PipeconfTarget.BMV2)));
        }
        // The bundle carries bf-p4c's output of every profile (full's takes all of Tofino 1's 12 stages).
        for (String profile : new String[]{"full", "ipv6", "core", "gtpu", "nptv6", "bng", "bng-access", "bng-forward"}) {
            assertTrue(profile, registered.containsKey(SixflowPipeconfs.id(profile, PipeconfTarget.TOFINO)));
        }
        assertEquals(16, registered.size());
        // Each profile's own program: the gtpu profile has no MSR6 table.
        assertFalse(registered.get(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2)).pipelineModel()
                            .table(P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).isPresent());
    }

    @Test
    public void registersBmv2FromTheBundleAndUnregistersOnDeactivate() {
        loader.activate(context(""));
        PiPipeconf bmv2 = registered.get(SixflowPipeconfs.FULL_BMV2);
        assertTrue(bmv2.extension(PiPipeconf.ExtensionType.BMV2_JSON).isPresent());
        assertTrue(bmv2.extension(PiPipeconf.ExtensionType.P4_INFO_TEXT).isPresent());
        assertTrue(bmv2.extension(PiPipeconf.ExtensionType.CPU_PORT_TXT).isPresent());
        assertTrue(bmv2.pipelineModel().table(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL).isPresent());
        loader.deactivate();
        assertTrue(registered.isEmpty());
    }

    @Test
    public void tofinoNeedsItsArtifacts() {
        loader.activate(context(folder.getRoot().getAbsolutePath()));
        assertFalse("empty folder: no Tofino pipeconf", registered.containsKey(SixflowPipeconfs.CORE_TOFINO));
    }

    /** A stand-in bf-p4c output of a profile under root/&lt;profile&gt;/tofino/: its bmv2 P4Info, opaque binaries. */
    private static File standInTofinoOutput(File root, String profile) throws IOException {
        File dir = new File(new File(root, profile), "tofino");
        new File(dir, "pipe/logs").mkdirs();
        Files.copy(new File(PipeconfPaths.artifacts(profile, "bmv2"), SixflowPipeconfs.P4INFO_FILE).toPath(),
                   new File(dir, SixflowPipeconfs.P4INFO_FILE).toPath());
        Files.write(new File(dir, SixflowPipeconfs.CPU_PORT_FILE).toPath(), "192\n".getBytes());
        Files.write(new File(dir, SixflowPipeconfs.TOFINO_BIN_FILE).toPath(), new byte[]{1, 2, 3});
        Files.write(new File(dir, SixflowPipeconfs.TOFINO_CONTEXT_FILE).toPath(), "{}".getBytes());
        return dir;
    }

    @Test
    public void aConfiguredFolderHoldsEachProfilesTofinoOutput() throws Exception {
        standInTofinoOutput(folder.getRoot(), "core");
        loader.activate(context(folder.getRoot().getAbsolutePath()));
        assertEquals(3, binarySize(registered.get(SixflowPipeconfs.id("core", PipeconfTarget.TOFINO))));
        // The folder has no nptv6/tofino: the configured folder replaces the bundle's outputs.
        assertFalse(registered.containsKey(SixflowPipeconfs.id("nptv6", PipeconfTarget.TOFINO)));
        assertFalse(registered.containsKey(SixflowPipeconfs.id("gtpu", PipeconfTarget.TOFINO)));
    }

    @Test
    public void tofinoIsRegisteredFromAConfiguredFolder() throws Exception {
        standInTofinoOutput(folder.getRoot(), "core");
        loader.activate(context(""));
        // The bundle's own bf-p4c output first, then the configured folder's in its place.
        assertTrue(binarySize(registered.get(SixflowPipeconfs.CORE_TOFINO)) > 1_000_000);
        loader.modified(context(folder.getRoot().getAbsolutePath()));
        PiPipeconf tofino = registered.get(SixflowPipeconfs.CORE_TOFINO);
        assertEquals(3, binarySize(tofino));
        assertTrue(tofino.extension(PiPipeconf.ExtensionType.TOFINO_CONTEXT_JSON).isPresent());
        // Eight bmv2 profiles and the folder's one Tofino output (it replaces the bundle's).
        assertEquals(9, registered.size());
    }

    @Test
    public void tofinoIsRegisteredFromTheBundle() {
        loader.activate(context(""));
        PiPipeconf tofino = registered.get(SixflowPipeconfs.CORE_TOFINO);
        assertTrue("the bundle carries bf-p4c output", binarySize(tofino) > 1_000_000);
        assertTrue(tofino.extension(PiPipeconf.ExtensionType.TOFINO_CONTEXT_JSON).isPresent());
        assertTrue(tofino.pipelineModel().table(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL).isPresent());
    }

    private static int binarySize(PiPipeconf pipeconf) {
        try (InputStream in = pipeconf.extension(PiPipeconf.ExtensionType.TOFINO_BIN).orElseThrow()) {
            return in.readAllBytes().length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    public void servesTheCompilerOutputOfWhatItRegistered() throws Exception {
        File dir = standInTofinoOutput(folder.getRoot(), "core");
        File report = new File(dir, SixflowPipeconfs.TOFINO_RESOURCES_FILE);
        Files.write(report.toPath(), "{}".getBytes());

        loader.activate(context(folder.getRoot().getAbsolutePath()));
        // bmv2 from the bundle, with the compiler's version line; no Tofino report there.
        assertTrue(loader.compilerFile(SixflowPipeconfs.FULL_BMV2, SixflowPipeconfs.COMPILER_FILE).isPresent());
        assertFalse(loader.compilerFile(SixflowPipeconfs.FULL_BMV2, SixflowPipeconfs.TOFINO_RESOURCES_FILE).isPresent());
        // Tofino from the configured folder.
        assertEquals(report.toURI().toURL(),
                     loader.compilerFile(SixflowPipeconfs.CORE_TOFINO, SixflowPipeconfs.TOFINO_RESOURCES_FILE).get());
        assertFalse(loader.compilerFile(new PiPipeconfId("org.other"), SixflowPipeconfs.COMPILER_FILE).isPresent());
        for (String outside : new String[]{"../secret", "pipe/../../x", "/etc/passwd", ""}) {
            try {
                loader.compilerFile(SixflowPipeconfs.CORE_TOFINO, outside);
                fail("served " + outside);
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().contains("inside the output folder"));
            }
        }
        loader.deactivate();
        assertFalse(loader.compilerFile(SixflowPipeconfs.CORE_TOFINO, SixflowPipeconfs.TOFINO_RESOURCES_FILE).isPresent());
    }
}
