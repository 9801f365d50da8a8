// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.testing.Thrown;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class HostCommandsTest {

    private static final ConnectPoint BJ = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint NJ = ConnectPoint.deviceConnectPoint("device:nanjing/3");

    @Test
    public void readsOneCommandPerPortSplitOnWhiteSpace() {
        HostCommands commands = HostCommands.parse(
                " device:beijing/3 = ip netns exec sfh-h_bj  python3 /x/hosttools.py burst ;"
                        + "device:nanjing/3=ssh h_nj burst;");
        assertEquals(2, commands.size());
        assertEquals(Optional.of(List.of("ip", "netns", "exec", "sfh-h_bj", "python3", "/x/hosttools.py", "burst")),
                     commands.at(BJ));
        assertEquals(Optional.of(List.of("ssh", "h_nj", "burst")), commands.at(NJ));
        assertTrue(commands.at(ConnectPoint.deviceConnectPoint("device:wuhan/1")).isEmpty());
    }

    @Test
    public void emptyTextConfiguresNoHost() {
        assertEquals(0, HostCommands.parse("").size());
        assertEquals(0, HostCommands.parse(" ; ").size());
    }

    @Test
    public void badEntriesAreNamed() {
        assertEquals("'device:beijing/3 burst' is not DEVICE/PORT=COMMAND",
                     Thrown.by(IllegalArgumentException.class,
                                  () -> HostCommands.parse("device:beijing/3 burst")).getMessage());
        assertTrue(Thrown.by(IllegalArgumentException.class, () -> HostCommands.parse("beijing=burst"))
                           .getMessage().startsWith("'beijing' is not a switch port"));
        assertEquals("device:beijing/3 has no command", Thrown.by(
                IllegalArgumentException.class, () -> HostCommands.parse("device:beijing/3=  ")).getMessage());
        assertEquals("device:beijing/3 is named twice", Thrown.by(
                IllegalArgumentException.class, () -> HostCommands.parse("device:beijing/3=a;device:beijing/3=b"))
                .getMessage());
    }
}
