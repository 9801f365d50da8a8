// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiTableId;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_PASS_DOWN;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;
import static org.sixflow.pipeconf.P4InfoConstants.S_TAG;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.action;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.byTable;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.exact;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.fitsPipeline;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.model;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.param;

/**
 * A split attachment's halves: the access switch gets the line (port 1), its session and
 * sources, and the trunk's pass-through (port 3 → line, port 1); the forwarding switch its
 * prefixes and the line's session behind its own trunk port (2), from the access switch's MAC.
 */
public class BngSplitRulesTest {

    private static final PortNumber LINE_PORT = PortNumber.portNumber(1);
    private static final PortNumber FORWARD_TRUNK = PortNumber.portNumber(2);
    private static final PortNumber ACCESS_TRUNK = PortNumber.portNumber(3);
    private static final MacAddress ACCESS_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");
    private static final MacAddress FORWARD_ROUTER_MAC = MacAddress.valueOf("00:aa:00:00:00:02");
    private static final TestAttachment WHOLE = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b);

    private static BngAttachmentRules access() {
        return new BngAttachmentRules(DeviceId.deviceId("device:access"), model("bng-access"), LINE_PORT,
                                      ACCESS_MAC);
    }

    /** As SixflowBngProgrammable builds it for the forwarding half: the attachment's trunk and MAC. */
    private static BngAttachmentRules forward(String profile) {
        return new BngAttachmentRules(DeviceId.deviceId("device:forward"), model(profile), FORWARD_TRUNK,
                                      ACCESS_MAC);
    }

    private static SplitHalf half(BngSplitAttachment.Half half, PortNumber trunk) {
        return new SplitHalf(WHOLE, half, trunk, ACCESS_MAC);
    }

    @Test
    public void theAccessHalfHoldsTheLineAndPassesTheTrunksFramesToIt() throws Exception {
        SplitHalf half = half(BngSplitAttachment.Half.ACCESS, ACCESS_TRUNK);
        List<FlowRule> lineMap = access().lineMap(half, 9);
        assertEquals(2, lineMap.size());
        FlowRule line = lineMap.get(0);
        assertEquals(SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE, action(line).id());
        assertEquals(1, exact(line, HDR_IG_PORT));
        FlowRule pass = lineMap.get(1);
        assertEquals(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP, pass.table());
        assertEquals(SIXFLOW_INGRESS_BNG_LOOKUP_PASS_DOWN, action(pass).id());
        assertEquals(3, exact(pass, HDR_IG_PORT));
        assertEquals(100, exact(pass, HDR_S_TAG));
        assertEquals(7, exact(pass, HDR_C_TAG));
        assertEquals(BigInteger.valueOf(9), param(pass, LINE_ID));
        assertEquals(BigInteger.ONE, param(pass, PORT));
        lineMap.forEach(rule -> fitsPipeline(rule, model("bng-access")));
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6),
                     byTable(access().session(half, 9)).keySet());
    }

    @Test
    public void theForwardHalfSendsDownTheTrunkFromTheAccessSwitchsMac() throws Exception {
        SplitHalf half = half(BngSplitAttachment.Half.FORWARD, FORWARD_TRUNK);
        assertEquals(List.of(), forward("bng-forward").lineMap(half, 4));
        Map<PiTableId, FlowRule> session = byTable(forward("bng-forward").session(half, 4));
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                     session.keySet());
        FlowRule down = session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION);
        assertEquals(BigInteger.valueOf(2), param(down, PORT));
        assertEquals(BigInteger.valueOf(100), param(down, S_TAG));
        assertEquals(BigInteger.valueOf(7), param(down, C_TAG));
        assertEquals(new BigInteger(ACCESS_MAC.toString().replace(":", ""), 16), param(down, SMAC));
        assertTrue(!param(down, SMAC).equals(new BigInteger(FORWARD_ROUTER_MAC.toString().replace(":", ""), 16)));
        session.values().forEach(rule -> fitsPipeline(rule, model("bng-forward")));
    }

    @Test
    public void aHalfWritesOnlyItsOwnTablesEvenOnTheWholeBng() throws Exception {
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                     byTable(forward("bng").session(half(BngSplitAttachment.Half.FORWARD, FORWARD_TRUNK), 4))
                             .keySet());
        assertEquals(List.of(), forward("bng").lineMap(half(BngSplitAttachment.Half.FORWARD, FORWARD_TRUNK), 4));
        BngAttachmentRules wholeBng = new BngAttachmentRules(DeviceId.deviceId("device:access"), model("bng"),
                                                             LINE_PORT, ACCESS_MAC);
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6),
                     byTable(wholeBng.session(half(BngSplitAttachment.Half.ACCESS, ACCESS_TRUNK), 4)).keySet());
    }

    @Test
    public void refusesATrunkThatIsTheSubscribersPort() {
        try {
            access().lineMap(half(BngSplitAttachment.Half.ACCESS, LINE_PORT), 9);
            fail("accepted the subscribers' port as the trunk");
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("must be another port"));
        }
    }

    @Test
    public void theForwardingSwitchRecordsItsLinesInItsLineSessionEntries() throws Exception {
        BngAttachmentRules rules = forward("bng-forward");
        List<FlowRule> lineSessions = List.of(
                byTable(rules.session(half(BngSplitAttachment.Half.FORWARD, FORWARD_TRUNK), 1))
                        .get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                byTable(rules.session(new SplitHalf(TestAttachment.pppoe(100, 8, "2001:db8:1:2::10", 5),
                                                    BngSplitAttachment.Half.FORWARD, FORWARD_TRUNK, ACCESS_MAC), 2))
                        .get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION));
        BngLineIds.Record record = BngLineIds.Record.LINE_SESSION;
        DeviceId device = DeviceId.deviceId("device:forward-ids");
        // A controller that has handed out no id yet (just restarted): the entries are the record.
        BngLineLedger ledger = BngLineLedger.of(device);
        try {
            assertEquals(1, ledger.idFor(lineSessions, record, FORWARD_TRUNK, 100, 7));
            assertEquals(2, ledger.idFor(lineSessions, record, FORWARD_TRUNK, 100, 8));
            assertEquals(3, ledger.idFor(lineSessions, record, FORWARD_TRUNK, 100, 9));
            // The same tags behind another trunk (another access switch) are another line.
            assertEquals(4, ledger.idFor(lineSessions, record, PortNumber.portNumber(5), 100, 7));
            assertEquals(Optional.of(1), BngLineIds.find(lineSessions.get(0), record, FORWARD_TRUNK, 100, 7));
        } finally {
            BngLineLedger.forget(device);
        }
    }
}
