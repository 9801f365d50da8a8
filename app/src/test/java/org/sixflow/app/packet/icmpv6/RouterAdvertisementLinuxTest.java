// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Linux's own IPv6 stack takes the controller's Router Advertisement: in a network namespace of
 * its own (sixflow-ra-PID, deleted after), a veth pair whose host end accepts RAs (accept_ra=2,
 * forwarding 0, addresses from the EUI-64) receives the frame {@link RouterAdvertisement} builds,
 * written onto the router end through a packet socket; Linux must then route by default via the
 * router's link-local address, configure a SLAAC address in the advertised prefix, and take the
 * advertised MTU. Needs root and the ip tool: runs when SIXFLOW_ROOT_TESTS=1 (make ra-linux-test),
 * else it is skipped, saying why.
 */
public class RouterAdvertisementLinuxTest {

    private static final MacAddress ROUTER = MacAddress.valueOf("00:aa:00:00:00:01");
    /** The host end's MAC: its SLAAC address is the prefix + 0000:00ff:fe00:0010 (U/L bit flipped). */
    private static final String HOST_MAC = "02:00:00:00:00:10";
    private final String namespace = "sixflow-ra-" + ProcessHandle.current().pid();
    private File frameFile;

    private static boolean enabled() {
        return "1".equals(System.getenv("SIXFLOW_ROOT_TESTS")) && "root".equals(System.getProperty("user.name"));
    }

    /** Runs a command, fails the test if it fails, returns its output. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            fail(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    private String inNamespace(String... command) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        argv.addAll(List.of(command));
        return run(argv.toArray(String[]::new));
    }

    @Before
    public void setUp() throws Exception {
        Assume.assumeTrue("Linux RA test skipped: needs root and SIXFLOW_ROOT_TESTS=1 (make ra-linux-test)",
                          enabled());
        run("ip", "netns", "add", namespace);
        inNamespace("ip", "link", "add", "ra-router", "type", "veth", "peer", "name", "ra-host");
        inNamespace("sysctl", "-qw", "net.ipv6.conf.all.forwarding=0");
        inNamespace("sysctl", "-qw", "net.ipv6.conf.ra-host.forwarding=0");
        inNamespace("sysctl", "-qw", "net.ipv6.conf.ra-host.accept_ra=2");
        inNamespace("sysctl", "-qw", "net.ipv6.conf.ra-host.accept_dad=0");
        inNamespace("sysctl", "-qw", "net.ipv6.conf.ra-host.addr_gen_mode=0");
        inNamespace("ip", "link", "set", "ra-host", "address", HOST_MAC);
        inNamespace("ip", "link", "set", "ra-router", "up");
        inNamespace("ip", "link", "set", "ra-host", "up");
        frameFile = File.createTempFile("sixflow-ra", ".bin");
    }

    @After
    public void tearDown() throws Exception {
        if (enabled()) {
            run("ip", "netns", "del", namespace);
        }
        if (frameFile != null) {
            Files.deleteIfExists(frameFile.toPath());
        }
    }

    @Test
    public void linuxTakesTheDefaultRouteSlaacAddressAndMtu() throws Exception {
        byte[] frame = RouterAdvertisement.frame(
                ROUTER, RouterAdvertisement.ALL_NODES_MAC, RouterAdvertisement.ALL_NODES, 1800, Optional.of(1400),
                List.of(new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("fd00:5:1::/64"), 2592000, 604800)));
        Files.write(frameFile.toPath(), frame);
        // Until the host end's link-local address is up, Linux may not take RAs yet: send a few times.
        String route = "";
        String addresses = "";
        for (int attempt = 0; attempt < 20; attempt++) {
            inNamespace("python3", "-c", "import socket, sys\n"
                    + "s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)\n"
                    + "s.bind(('ra-router', 0))\n"
                    + "s.send(open(sys.argv[1], 'rb').read())\n", frameFile.getPath());
            Thread.sleep(250);
            route = inNamespace("ip", "-6", "route", "show", "dev", "ra-host");
            addresses = inNamespace("ip", "-6", "addr", "show", "dev", "ra-host");
            if (route.contains("default") && addresses.contains("fd00:5:1:")) {
                break;
            }
        }
        assertTrue("no default route via the router's link-local address: " + route,
                   route.contains("default via fe80::2aa:ff:fe00:1 proto ra"));
        assertTrue("the advertised prefix is on-link: " + route, route.contains("fd00:5:1::/64 proto kernel"));
        assertTrue("no SLAAC address from the prefix: " + addresses,
                   addresses.contains("inet6 fd00:5:1::ff:fe00:10/64 scope global dynamic"));
        assertEquals("1400", inNamespace("sysctl", "-n", "net.ipv6.conf.ra-host.mtu").trim());
    }
}
