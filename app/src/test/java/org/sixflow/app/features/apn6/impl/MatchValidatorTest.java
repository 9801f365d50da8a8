// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What a policy match may say, and the values the option fields may take.
 */
public class MatchValidatorTest {

    private static final ConnectPoint EDGE = ConnectPoint.deviceConnectPoint("device:beijing/3");

    @Test
    public void validMatchHasNoProblems() {
        Apn6Match match = Apn6Match.builder().nextHeader(17).destinationPorts(PortRange.of(5004, 5005))
                .ingressPorts(Set.of(EDGE)).build();
        assertEquals(List.of(), MatchValidator.problems(match, p -> p.equals(EDGE) ? Optional.empty() : Optional.of(p + " is no edge port")));
    }

    @Test
    public void portsNeedTcpOrUdp() {
        List<String> problems = MatchValidator.problems(
                Apn6Match.builder().destinationPorts(PortRange.of(80, 80)).build(), p -> Optional.empty());
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("nextHeader 6 (TCP) or 17 (UDP)"));
    }

    @Test
    public void extensionHeadersAreNotUpperLayerProtocolsAndUnknownPortsAreNamed() {
        List<String> problems = MatchValidator.problems(
                Apn6Match.builder().nextHeader(43).ingressPorts(Set.of(EDGE)).build(),
                p -> Optional.of(p + " is a link port"));
        assertEquals(2, problems.size());
        assertTrue(problems.get(1).contains("device:beijing/3"));
    }

    @Test
    public void rangesAndFieldsAreChecked() {
        for (Runnable bad : List.<Runnable>of(() -> PortRange.of(10, 9), () -> PortRange.of(-1, 5),
                                              () -> PortRange.of(0, 65536),
                                              () -> ApplicationAwareId.of(0, 1L << 32, 0, 0),
                                              () -> ApplicationAwareId.of(-1, 0, 0, 0),
                                              () -> Apn6Match.builder().nextHeader(256))) {
            try {
                bad.run();
                fail("accepted");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().length() > 10);
            }
        }
        assertEquals(PortRange.ANY, PortRange.of(0, 65535));
        assertEquals(0xFFFF_FFFFL, ApplicationAwareId.of(0xFFFF_FFFFL, 0, 0, 0).slaLevel());
    }
}
