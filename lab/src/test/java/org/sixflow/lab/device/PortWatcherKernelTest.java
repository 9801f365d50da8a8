// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;

/**
 * The watcher hears the kernel: a real veth pair whose peer goes down and up again. The full
 * reading is set to an hour, so only the netlink monitor can report the changes. Needs root and
 * iproute2 (the lab does too); skipped elsewhere.
 */
public class PortWatcherKernelTest {

    private final String name = "sfpw" + ProcessHandle.current().pid() % 10000;
    private final String peer = name + "p";
    private PortWatcher watcher;

    @Before
    public void setUp() throws Exception {
        Assume.assumeTrue("needs root to create a veth pair", ip("link", "add", name, "type", "veth", "peer", "name", peer));
        ip("link", "set", name, "up");
        ip("link", "set", peer, "up");
    }

    @After
    public void tearDown() throws Exception {
        if (watcher != null) {
            watcher.stop();
        }
        ip("link", "del", name);
    }

    @Test
    public void aPeerGoingDownAndUpIsReportedAsItHappens() throws Exception {
        BlockingQueue<Boolean> changes = new LinkedBlockingQueue<>();
        watcher = new PortWatcher(Set.of(name), (ifname, up) -> changes.add(up));
        assertEquals(Map.of(name, true), watcher.start(TimeUnit.HOURS.toMillis(1)));
        ip("link", "set", peer, "down");
        assertEquals(Boolean.FALSE, changes.poll(30, TimeUnit.SECONDS));
        ip("link", "set", peer, "up");
        assertEquals(Boolean.TRUE, changes.poll(30, TimeUnit.SECONDS));
    }

    /** Runs ip; false when it fails or is not installed (the test is then skipped). */
    private static boolean ip(String... args) throws InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
