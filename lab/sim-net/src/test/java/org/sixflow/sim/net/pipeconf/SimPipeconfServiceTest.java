// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.pipeconf;

import com.google.common.collect.ImmutableList;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.device.DeviceSpec;

import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.fail;

/**
 * Tests the pipeconf service: registration with events, device bindings, merged drivers.
 */
public class SimPipeconfServiceTest {

    private static final PiPipeconfId FULL = new PiPipeconfId("org.sixflow.full.bmv2");
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private SimNetwork network;
    private SimPipeconfService pipeconfs;
    private final EventRecorder<PiPipeconfEvent> recorder = new EventRecorder<>();

    /** A pipeconf with nothing in it but its id. */
    private static final class BarePipeconf implements PiPipeconf {
        private final PiPipeconfId id;

        BarePipeconf(PiPipeconfId id) {
            this.id = id;
        }

        @Override
        public PiPipeconfId id() {
            return id;
        }

        @Override
        public PiPipelineModel pipelineModel() {
            throw new UnsupportedOperationException("no model in this test pipeconf");
        }

        @Override
        public long fingerprint() {
            return 0;
        }

        @Override
        public Collection<Class<? extends Behaviour>> behaviours() {
            return List.of();
        }

        @Override
        public Optional<Class<? extends Behaviour>> implementation(Class<? extends Behaviour> behaviour) {
            return Optional.empty();
        }

        @Override
        public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
            return false;
        }

        @Override
        public Optional<InputStream> extension(ExtensionType type) {
            return Optional.empty();
        }
    }

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        pipeconfs = network.pipeconfService();
        pipeconfs.addListener(recorder::event);
        network.addDevice(DeviceSpec.builder(BEIJING).driver("stratum-bmv2").build());
    }

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void registrationPostsEventsAndRefusesDuplicates() {
        PiPipeconf full = new BarePipeconf(FULL);
        pipeconfs.register(full);
        pipeconfs.register(new BarePipeconf(new PiPipeconfId("org.sixflow.basic.bmv2")));
        try {
            pipeconfs.register(new BarePipeconf(FULL));
            fail("a pipeconf id twice must be refused");
        } catch (IllegalStateException e) {
            assertEquals("Pipeconf org.sixflow.full.bmv2 is already registered", e.getMessage());
        }
        assertEquals(full, pipeconfs.getPipeconf(FULL).get());
        assertEquals(FULL, ImmutableList.copyOf(pipeconfs.getPipeconfs()).get(0).id());
        pipeconfs.unregister(FULL);
        try {
            pipeconfs.unregister(FULL);
            fail("unregistering twice must be refused");
        } catch (IllegalStateException e) {
            assertEquals("Pipeconf org.sixflow.full.bmv2 is not registered", e.getMessage());
        }
        network.awaitEvents();
        assertEquals(List.of(PiPipeconfEvent.Type.REGISTERED, PiPipeconfEvent.Type.REGISTERED,
                             PiPipeconfEvent.Type.UNREGISTERED), recorder.types());
        assertEquals(full, recorder.events().get(0).pipeconf());
        assertEquals(FULL, recorder.events().get(2).subject());
    }

    @Test
    public void devicesAreBoundToPipeconfs() {
        assertFalse(pipeconfs.ofDevice(BEIJING).isPresent());
        pipeconfs.bindToDevice(FULL, BEIJING);
        assertEquals(Optional.of(FULL), pipeconfs.ofDevice(BEIJING));
        assertFalse(pipeconfs.getPipeconf(BEIJING).isPresent());
        assertNull(pipeconfs.getMergedDriver(BEIJING, FULL));
        PiPipeconf full = new BarePipeconf(FULL);
        pipeconfs.register(full);
        assertEquals(Optional.of(full), pipeconfs.getPipeconf(BEIJING));
        assertEquals("stratum-bmv2:org.sixflow.full.bmv2", pipeconfs.getMergedDriver(BEIJING, FULL));
        assertNull(pipeconfs.getMergedDriver(DeviceId.deviceId("device:none"), FULL));
    }
}
