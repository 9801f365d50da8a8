// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.testing.Thrown;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Commands configured by name in a property: NAME=COMMAND WORDS entries separated by ';', split on
 * white space; a bad entry is refused naming it, and so is a name given twice.
 */
public class NamedCommandsTest {

    private static final Predicate<String> HOSTS = n -> MultihomingStudy.HOST.matcher(n).matches();

    private static NamedCommands hosts(String text) {
        return NamedCommands.parse(text, "hostCommands", HOSTS, "h_site");
    }

    private static String refusal(String text) {
        return Thrown.by(IllegalArgumentException.class, () -> hosts(text)).getMessage();
    }

    @Test
    public void readsEachEntrysWords() {
        NamedCommands commands = hosts(" h_site = ip netns exec  sfh-h_site ;h_cn=ip netns exec sfh-h_cn;; ");
        assertEquals(Optional.of(List.of("ip", "netns", "exec", "sfh-h_site")), commands.command("h_site"));
        assertEquals(Optional.of(List.of("ip", "netns", "exec", "sfh-h_cn")), commands.command("h_cn"));
        assertEquals(Optional.empty(), commands.command("h_x"));
        assertEquals("an = in the command is the command's",
                     Optional.of(List.of("env", "A=1", "ip")), hosts("h_site=env A=1 ip").command("h_site"));
    }

    @Test
    public void anEmptyTextConfiguresNone() {
        assertTrue(hosts("").isEmpty());
        assertTrue(hosts("  ").isEmpty());
        assertTrue(hosts(null).isEmpty());
        assertTrue(hosts(";").isEmpty());
    }

    @Test
    public void aBadEntryIsRefusedNamingIt() {
        assertEquals("hostCommands: entry \"h_cn ip netns exec x\" is not NAME=COMMAND WORDS (e.g. h_site=ip netns "
                             + "exec ns1)", refusal("h_site=ip netns exec a; h_cn ip netns exec x "));
        assertEquals("hostCommands: entry \"=ip\" is not NAME=COMMAND WORDS (e.g. h_site=ip netns exec ns1)",
                     refusal("=ip"));
        assertEquals("hostCommands: \"h site\" is not a valid name (e.g. h_site)", refusal("h site=ip netns exec a"));
        assertEquals("hostCommands: h_site has no command", refusal("h_site=  "));
    }

    @Test
    public void aNameTwiceIsRefused() {
        assertEquals("hostCommands: h_site appears twice", refusal("h_site=ip netns exec a;h_site=ip netns exec b"));
    }
}
