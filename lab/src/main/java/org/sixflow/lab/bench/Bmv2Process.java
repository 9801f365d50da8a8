// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.bench;

import org.sixflow.pipeconf.CpuPorts;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One simple_switch_grpc started for a test or benchmark (not the lab network, which labnet
 * starts): no P4 program (the controller pushes it), P4Runtime on a free loopback port, and two
 * ports that are the two ends of one veth pair created for it, so a packet-out to port 1 comes
 * back in on port 2. Needs simple_switch_grpc on PATH or in /opt/p4/bin, and root for the veth.
 * {@link #close()} stops the switch and deletes the veth pair.
 */
public final class Bmv2Process implements AutoCloseable {

    /** Where the lab's P4 toolchain is installed. */
    public static final String TOOLCHAIN_BIN = "/opt/p4/bin";
    private static final long START_MILLIS = 30_000;

    private final String name;
    private final long deviceId;
    private final int grpcPort;
    private final String[] veth;
    private final File log;
    private final Process process;

    private Bmv2Process(String name, long deviceId, int grpcPort, String[] veth, File log, Process process) {
        this.name = name;
        this.deviceId = deviceId;
        this.grpcPort = grpcPort;
        this.veth = veth;
        this.log = log;
        this.process = process;
    }

    /**
     * Finds simple_switch_grpc.
     *
     * @return its path, if installed
     */
    public static Optional<File> binary() {
        List<String> dirs = new ArrayList<>(Arrays.asList(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.add(TOOLCHAIN_BIN);
        return dirs.stream().map(d -> new File(d, "simple_switch_grpc")).filter(File::canExecute).findFirst();
    }

    /**
     * Creates the veth pair and starts the switch, waiting until its P4Runtime server listens.
     *
     * @param name     the switch's name (its device is device:NAME)
     * @param deviceId its P4Runtime device id
     * @return the running switch
     * @throws IOException if it cannot be started (the message says why; the veth is removed)
     */
    public static Bmv2Process start(String name, long deviceId) throws IOException {
        File binary = binary().orElseThrow(() -> new IOException("simple_switch_grpc is not installed"));
        String tag = "sbt" + (ProcessHandle.current().pid() % 10000);
        String[] veth = {tag + "a", tag + "b"};
        run("ip", "link", "del", veth[0]);    // left over from a crashed run; fails when absent
        require("ip", "link", "add", veth[0], "type", "veth", "peer", "name", veth[1]);
        for (String end : veth) {
            run("sysctl", "-q", "-w", "net.ipv6.conf." + end + ".disable_ipv6=1");
            require("ip", "link", "set", end, "up");
        }
        int grpcPort = freePort();
        File log = File.createTempFile("sixflow-bmv2-" + name, ".log");
        List<String> command = List.of(binary.getAbsolutePath(), "--no-p4", "--device-id", Long.toString(deviceId),
                                       "--thrift-port", Integer.toString(freePort()),
                                       "-i", "1@" + veth[0], "-i", "2@" + veth[1],
                                       "--", "--grpc-server-addr", "127.0.0.1:" + grpcPort, "--cpu-port", Integer.toString(CpuPorts.BMV2));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        Bmv2Process bmv2 = new Bmv2Process(name, deviceId, grpcPort, veth, log, process);
        long end = System.currentTimeMillis() + START_MILLIS;
        while (!listening(grpcPort)) {
            if (!process.isAlive() || System.currentTimeMillis() > end) {
                String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
                bmv2.close();
                throw new IOException("simple_switch_grpc did not start (" + String.join(" ", command) + "):\n"
                                              + output);
            }
            sleep(100);
        }
        return bmv2;
    }

    /** Its P4Runtime port on 127.0.0.1. */
    public int grpcPort() {
        return grpcPort;
    }

    /** The switch's own output (simple_switch_grpc's console). */
    public File log() {
        return log;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        run("ip", "link", "del", veth[0]);
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void require(String... command) throws IOException {
        if (run(command) != 0) {
            throw new IOException("Failed: " + String.join(" ", command) + " (the bmv2 test needs root)");
        }
    }

    private static int run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
