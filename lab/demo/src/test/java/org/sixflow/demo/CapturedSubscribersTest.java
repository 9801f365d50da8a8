// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import org.junit.Test;
import org.onosproject.net.behaviour.BngProgrammable;
import org.onosproject.net.flow.FlowEntry;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.demo.seed.CapturedSubscribers;
import org.sixflow.sim.core.SimCoreService;
import org.sixflow.sim.net.SimNetwork;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;

/**
 * Tests the captured subscribers on the demo's simulated ONOS and the bng lab's network, netcfg
 * as labnet.py generates it: the app's relay follows them and the pipeconf's BngProgrammable
 * installs the two sessions that come up.
 */
public class CapturedSubscribersTest {

    @Test
    public void theCapturedSubscribersComeUpOnTheBngSwitch() throws Exception {
        try (SimulatedLab lab = SimulatedLab.start("bng")) {
            SimulatedOnos onos = lab.onos();
            BngService bng = onos.runtime.service(BngService.class).orElseThrow();

            assertTrue(CapturedSubscribers.replay(onos.network, bng));

            Map<String, BngSession> byUser = bng.sessions().stream()
                    .collect(Collectors.toMap(s -> s.user().orElse("?"), Function.identity()));
            assertEquals(List.of(BngSessionState.UP, BngSessionState.UP, BngSessionState.ENDED),
                         List.of(byUser.get("bob@sixflow").state(), byUser.get("alice@sixflow").state(),
                                 byUser.get("mallory@sixflow").state()));
            assertEquals(InstallStatus.INSTALLED, byUser.get("bob@sixflow").status());
            // bob's session came up first: the line map gave his line id 1; mallory's line has none.
            assertEquals(List.of(1, 2, 0), List.of(byUser.get("bob@sixflow").line().lineId(),
                                                   byUser.get("alice@sixflow").line().lineId(),
                                                   byUser.get("mallory@sixflow").line().lineId()));
            assertTrue(byUser.get("mallory@sixflow").endReason().orElse("").contains("Authenticate-Nak"));
            assertTrue(bng.dropped().isEmpty());
            assertEquals(7, bng.counters(byUser.get("bob@sixflow").id()).size());
            assertTrue(onos.network.deviceService().getDevice(CapturedSubscribers.BNG).is(BngProgrammable.class));
            List<FlowEntry> lineMap = StreamSupport.stream(onos.network.flowRuleService()
                    .getFlowEntries(CapturedSubscribers.BNG).spliterator(), false)
                    .filter(e -> SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP.equals(e.table()))
                    .collect(Collectors.toList());
            assertEquals(2, lineMap.size());
        }
    }

    @Test
    public void aNetworkWithoutTheBngSwitchIsLeftAlone() {
        try (SimNetwork network = new SimNetwork(new SimCoreService())) {
            assertFalse(CapturedSubscribers.replay(network, null));
        }
    }
}
