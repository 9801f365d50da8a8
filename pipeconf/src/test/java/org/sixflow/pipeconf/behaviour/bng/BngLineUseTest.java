// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * A line keeps its shared entries while another of its addresses is on the device: on the single
 * BNG, on the access half (sources) and on the forwarding half (prefixes).
 */
public class BngLineUseTest {

    private static final MacAddress BNG_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");

    private static BngAttachmentRules rules(String profile) {
        return new BngAttachmentRules(DeviceId.deviceId("device:bng"), BngAttachmentRulesTest.model(profile),
                                      PortNumber.portNumber(1), BNG_MAC);
    }

    /** An attachment's own entries (its source, its prefix), as the device holds them. */
    private static List<FlowRule> own(BngAttachmentRules rules, TestAttachment attachment, int lineId)
            throws Exception {
        return rules.session(attachment, lineId).stream().filter(r -> BngLineUse.ADDRESS_TABLES.contains(r.table()))
                .collect(Collectors.toList());
    }

    private static List<FlowEntry> held(FlowEntry.FlowEntryState state, List<FlowRule> rules) {
        return rules.stream().map(r -> (FlowEntry) new DefaultFlowEntry(r, state)).collect(Collectors.toList());
    }

    private static void check(String profile) throws Exception {
        BngAttachmentRules rules = rules(profile);
        List<FlowRule> v4 = own(rules, TestAttachment.pppoe(100, 7, "100.64.0.10", 5), 3);
        List<FlowRule> v6 = own(rules, TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 5), 3);
        List<FlowRule> otherLine = own(rules, TestAttachment.pppoe(100, 8, "2001:db8:1:2::10", 6), 4);
        assertFalse(profile, v4.isEmpty());
        List<FlowEntry> device = new ArrayList<>(held(FlowEntry.FlowEntryState.ADDED, v4));
        device.addAll(held(FlowEntry.FlowEntryState.ADDED, v6));
        device.addAll(held(FlowEntry.FlowEntryState.ADDED, otherLine));
        // Removing the IPv4 address: the /64 is still the line's.
        assertTrue(profile, BngLineUse.stillUsed(device, 3, v4));
        // Removing the last: another line's addresses do not keep this one's shared entries.
        List<FlowEntry> afterV4 = new ArrayList<>(held(FlowEntry.FlowEntryState.PENDING_REMOVE, v4));
        afterV4.addAll(held(FlowEntry.FlowEntryState.ADDED, v6));
        afterV4.addAll(held(FlowEntry.FlowEntryState.ADDED, otherLine));
        assertFalse(profile, BngLineUse.stillUsed(afterV4, 3, v6));
        assertTrue(profile, BngLineUse.stillUsed(afterV4, 4, List.of()));
    }

    @Test
    public void aLineIsInUseWhileAnotherOfItsAddressesIsThere() throws Exception {
        check("bng");
        check("bng-access");
        check("bng-forward");
    }
}
