// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import com.google.common.collect.ImmutableMap;
import org.slf4j.Logger;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Watches the switches' interfaces in the kernel: an interface is up when its flags hold both UP
 * and LOWER_UP, so a veth whose peer was set down (as {@code labnet.py link ... down} does) counts
 * as down. Changes come from the kernel's netlink link notifications as they happen, through
 * {@code ip -o monitor link} (same line format as {@code ip -o link show}; no JNI needed); a slow
 * full reading every period puts right anything the monitor missed (it was restarted, or lost a
 * message). Polling alone at 300 ms made the reroute test lose 55-282 ms of traffic, most of it
 * spent waiting for the next poll.
 */
public final class PortWatcher {

    /** "3: sf1p1@sf2p1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu ..." (the @peer part is optional). */
    private static final Pattern LINE = Pattern.compile("^\\d+:\\s+([^:@\\s]+)(?:@[^:\\s]+)?:\\s+<([^>]*)>");

    private final Logger log = getLogger(getClass());
    private final Set<String> interfaces;
    private final BiConsumer<String, Boolean> changed;
    private final Map<String, Boolean> states = new HashMap<>();
    private ScheduledExecutorService poller;
    private Process monitor;
    private Thread monitorReader;
    private volatile boolean running;

    /**
     * Creates a watcher.
     *
     * @param interfaces the interface names to watch
     * @param changed    called with (name, up) when an interface changes (not for the first reading)
     */
    public PortWatcher(Set<String> interfaces, BiConsumer<String, Boolean> changed) {
        this.interfaces = Set.copyOf(interfaces);
        this.changed = changed;
    }

    /**
     * Starts the kernel monitor, reads the interfaces once, and starts the slow full reading.
     *
     * @param periodMillis the period of the full reading
     * @return the first reading: each watched interface the kernel has, and whether it is up
     */
    public synchronized Map<String, Boolean> start(long periodMillis) {
        running = true;
        // Monitor first, so that nothing changing during the first reading is missed.
        startMonitor();
        states.putAll(read());
        poller = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow-lab/ports", "watch", log));
        poller.scheduleWithFixedDelay(this::poll, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        return ImmutableMap.copyOf(states);
    }

    /** Stops watching. */
    public synchronized void stop() {
        running = false;
        if (poller != null) {
            poller.shutdownNow();
        }
        if (monitor != null) {
            monitor.destroy();
        }
    }

    private synchronized void startMonitor() {
        try {
            monitor = new ProcessBuilder("ip", "-o", "monitor", "link").redirectErrorStream(true).start();
        } catch (IOException e) {
            log.warn("Cannot run ip -o monitor link ({}); port changes are seen by polling only", e.getMessage());
            return;
        }
        Process process = monitor;
        monitorReader = new Thread(() -> follow(process), "sixflow-lab/ports-monitor");
        monitorReader.setDaemon(true);
        monitorReader.start();
    }

    private void follow(Process process) {
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                update(parse(line, interfaces));
            }
        } catch (IOException e) {
            log.debug("ip monitor ended: {}", e.getMessage());
        }
        if (running) {
            // The full reading still runs; start a new monitor rather than fall back for good.
            log.warn("ip -o monitor link exited; restarting it");
            startMonitor();
        }
    }

    private void poll() {
        update(read());
    }

    private synchronized void update(Map<String, Boolean> now) {
        now.forEach((name, up) -> {
            Boolean before = states.put(name, up);
            if (before != null && !before.equals(up)) {
                changed.accept(name, up);
            }
        });
    }

    private Map<String, Boolean> read() {
        try {
            Process ip = new ProcessBuilder("ip", "-o", "link", "show").redirectErrorStream(true).start();
            String output = new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            ip.waitFor(5, TimeUnit.SECONDS);
            return parse(output, interfaces);
        } catch (IOException e) {
            log.warn("Cannot run ip -o link show: {}", e.getMessage());
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    /**
     * Parses {@code ip -o link show} output.
     *
     * @param output     the output
     * @param interfaces the names wanted
     * @return each wanted interface present, and whether it is up (UP and LOWER_UP)
     */
    static Map<String, Boolean> parse(String output, Set<String> interfaces) {
        Map<String, Boolean> result = new HashMap<>();
        for (String line : output.split("\n")) {
            Matcher m = LINE.matcher(line.trim());
            if (m.find() && interfaces.contains(m.group(1))) {
                Set<String> flags = Set.of(m.group(2).split(","));
                result.put(m.group(1), flags.contains("UP") && flags.contains("LOWER_UP"));
            }
        }
        return result;
    }
}
