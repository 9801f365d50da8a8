// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onosproject.TestApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.PipelinerAdapter;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveContext;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.lab.testing.Bmv2Pipeconf;
import org.sixflow.lab.device.LabPipeconfs;
import org.sixflow.lab.runtime.LabComponents;
import org.sixflow.lab.runtime.LabCore;
import org.sixflow.lab.runtime.LabEventDispatcher;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

/**
 * Objectives go to the device's Pipeliner (the pipeconf's behaviour, initialised with the lab's
 * services); without one they are refused with NOPIPELINER.
 */
public class LabFlowObjectiveManagerTest {

    static final List<String> CALLS = new ArrayList<>();
    static PipelinerContext context;

    /** A Pipeliner that records what it is asked. */
    public static final class RecordingPipeliner extends PipelinerAdapter {
        @Override
        public void init(DeviceId deviceId, PipelinerContext pipelinerContext) {
            CALLS.add("init " + deviceId);
            context = pipelinerContext;
        }

        @Override
        public void forward(ForwardingObjective objective) {
            CALLS.add("forward " + objective.selector());
        }
    }

    private static ForwardingObjective lldp(List<ObjectiveError> errors) {
        return DefaultForwardingObjective.builder().withSelector(
                DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build())
                .withTreatment(DefaultTrafficTreatment.builder().punt().build())
                .withFlag(ForwardingObjective.Flag.VERSATILE).withPriority(40000).makePermanent()
                .fromApp(TestApplicationId.create("org.onosproject.core"))
                .add(new ObjectiveContext() {
                    @Override
                    public void onError(Objective objective, ObjectiveError error) {
                        errors.add(error);
                    }
                });
    }

    @Test
    public void objectivesGoToThePipelinerOrAreRefusedWithoutOne() {
        CALLS.clear();
        LabEventDispatcher events = new LabEventDispatcher();
        LabPipeconfs pipeconfs = new LabPipeconfs(events);
        PiPipeconf bmv2 = Bmv2Pipeconf.get();
        PiPipeconf withPipeliner = DefaultPiPipeconf.builder().withId(new PiPipeconfId("org.sixflow.test"))
                .withPipelineModel(bmv2.pipelineModel())
                .addBehaviour(Pipeliner.class, RecordingPipeliner.class).build();
        PiPipeconf without = DefaultPiPipeconf.builder().withId(new PiPipeconfId("org.sixflow.bare"))
                .withPipelineModel(bmv2.pipelineModel()).build();
        pipeconfs.register(withPipeliner);
        pipeconfs.register(without);
        DeviceId one = DeviceId.deviceId("device:one");
        DeviceId two = DeviceId.deviceId("device:two");
        pipeconfs.bindToDevice(withPipeliner.id(), one);
        pipeconfs.bindToDevice(without.id(), two);
        LabComponents services = new LabComponents();
        CoreService core = services.register(CoreService.class, new LabCore());
        LabFlowObjectiveManager objectives = new LabFlowObjectiveManager(pipeconfs, services);

        List<ObjectiveError> errors = new ArrayList<>();
        objectives.forward(one, lldp(errors));
        objectives.forward(one, lldp(errors));
        assertEquals(List.of("init device:one", "forward " + lldp(errors).selector(),
                             "forward " + lldp(errors).selector()), CALLS);
        assertSame(core, context.directory().get(CoreService.class));
        assertEquals(List.of(), errors);

        objectives.forward(two, lldp(errors));
        assertEquals(List.of(ObjectiveError.NOPIPELINER), errors);
        events.stop();
    }
}
