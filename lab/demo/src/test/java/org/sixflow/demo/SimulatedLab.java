// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceDirectory;
import org.sixflow.demo.network.DemoNetwork;
import org.sixflow.demo.network.LabTopology;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

/**
 * A {@link SimulatedOnos} over one of the bmv2 lab's topologies, with the netcfg labnet.py
 * generates for it and every switch connected over P4Runtime, as the demo starts it (without the
 * database: tests that need the history start a LocalPostgres themselves). Public for the tests of
 * other packages (the web server's): SimulatedOnos is the demo's own, package-private.
 */
public final class SimulatedLab implements AutoCloseable {

    /** The repository's top, from the module's directory (where the build runs its tests). */
    public static final Path TOP = Path.of("../..").toAbsolutePath().normalize();

    private final SimulatedOnos onos;

    private SimulatedLab(SimulatedOnos onos) {
        this.onos = onos;
    }

    /**
     * Starts a simulated ONOS and adds a lab topology. Skips the calling test (an assumption) where
     * python3 cannot run labnet.py.
     *
     * @param topology the topology's name under lab/topologies, e.g. msr6-study
     * @return the running lab; close it
     * @throws Exception when ONOS cannot start or the topology cannot be added
     */
    public static SimulatedLab start(String topology) throws Exception {
        ObjectNode netcfg = labNetcfg(topology);
        SimulatedOnos onos = new SimulatedOnos();
        try {
            DemoNetwork.add(onos.network, LabTopology.read(TOP.resolve("lab/topologies/" + topology + ".json")),
                            netcfg).keySet().forEach(onos::connectP4Runtime);
            return new SimulatedLab(onos);
        } catch (Exception | Error e) {
            onos.close();
            throw e;
        }
    }

    /**
     * The component runtime's service directory, as the demo hands it to its web server.
     *
     * @return the directory
     */
    public ServiceDirectory services() {
        return onos.runtime.serviceDirectory();
    }

    /**
     * A service the runtime holds.
     *
     * @param service its interface
     * @param <T>     its type
     * @return the service
     * @throws java.util.NoSuchElementException when no component provides it
     */
    public <T> T service(Class<T> service) {
        return onos.runtime.service(service).orElseThrow();
    }

    /**
     * The simulated ONOS itself, for the tests of its own package.
     *
     * @return it
     */
    SimulatedOnos onos() {
        return onos;
    }

    @Override
    public void close() {
        onos.close();
    }

    /** A topology's netcfg, as run.sh has labnet.py generate it. */
    private static ObjectNode labNetcfg(String topology) throws IOException, InterruptedException {
        Process labnet;
        try {
            labnet = new ProcessBuilder("python3", TOP.resolve("lab/net/labnet.py").toString(), "netcfg", topology)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            assumeTrue("python3 runs lab/net/labnet.py: " + e.getMessage(), false);
            throw e;
        }
        String json = new String(labnet.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(labnet.waitFor(60, TimeUnit.SECONDS));
        assertEquals("labnet.py netcfg " + topology, 0, labnet.exitValue());
        return (ObjectNode) new ObjectMapper().readTree(json);
    }
}
