// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.Device;
import org.sixflow.app.config.SixflowAppConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.experiments.impl.ExperimentManager;
import org.sixflow.app.experiments.impl.OsgiPropertyConstants;
import org.sixflow.app.testing.PostgresTestServer;
import org.sixflow.lab.config.LabState;

import java.io.File;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.StreamSupport;

/**
 * The bmv2 lab's controller (lab-interface.md): Sixflow's managers, REST API and dashboard over
 * the lab's P4Runtime southbound, with a throwaway PostgreSQL unless one is given.
 *
 * <pre>
 * java -cp CLASSPATH org.sixflow.lab.LabMain --state FILE --netcfg FILE [--http-port 8181]
 *      [--http-host 127.0.0.1] [--db-url JDBC_URL [--db-user U] [--db-password P]] [--dashboard DIR]
 *      [--pacer-realtime PRIORITY]
 * </pre>
 * --pacer-realtime sets the experiments' pacerRealtimePriority (the measurement benches use it
 * with switches at a real-time priority too: tools/lab.sh's SWITCH_REALTIME).
 * It prints one line per thing it starts and "LAB READY" once every switch is connected and every
 * link of the topology is discovered; SIGINT or SIGTERM stop everything it started.
 */
public final class LabMain {

    static {
        // slf4j-simple: one line per event, with the time, quiet libraries.
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
        System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.io.grpc", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.org.flywaydb", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.com.zaxxer.hikari", "warn");
    }

    private static final String USAGE = "usage: LabMain --state FILE --netcfg FILE [--http-port 8181] "
            + "[--http-host 127.0.0.1] [--db-url JDBC_URL [--db-user USER] [--db-password PASSWORD]] "
            + "[--dashboard DIR] [--pacer-realtime PRIORITY]";

    private LabMain() {
    }

    /**
     * Runs the lab controller until SIGINT or SIGTERM.
     *
     * @param args see the class comment
     * @throws Exception if it cannot start
     */
    public static void main(String[] args) throws Exception {
        if (!OpenModules.open()) {
            OpenModules.relaunch(LabMain.class, args);
            return;
        }
        Map<String, String> options = options(args);
        if (options == null || !options.containsKey("state") || !options.containsKey("netcfg")) {
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Running running = new Running();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            running.close();
            say("Lab controller stopped");
            stopped.countDown();
        }, "lab-shutdown"));
        try {
            start(options, running);
            awaitReady(running.state, running.southbound);
        } catch (Exception e) {
            System.err.println("LAB FAILED: " + e.getMessage());
            e.printStackTrace();
            System.exit(1);
        }
        stopped.await();
    }

    /** What a start has started, stopped in reverse order by {@link #close()}. */
    static final class Running implements AutoCloseable {
        private final List<AutoCloseable> started = new ArrayList<>();
        LabState state;
        LabSouthbound southbound;
        LabWebServer web;

        synchronized void add(AutoCloseable thing) {
            started.add(thing);
        }

        @Override
        public synchronized void close() {
            for (int i = started.size() - 1; i >= 0; i--) {
                try {
                    started.get(i).close();
                } catch (Exception e) {
                    System.err.println("Stopping " + started.get(i) + " failed: " + e.getMessage());
                }
            }
            started.clear();
        }
    }

    /**
     * Starts everything the options ask for.
     *
     * @param options --state, --netcfg and the optional ones
     * @param running where what is started is recorded (close it to stop)
     * @throws Exception if anything cannot start
     */
    static void start(Map<String, String> options, Running running) throws Exception {
        LabState state = LabState.read(new File(options.get("state")));
        running.state = state;
        say("State: %d switches, %d hosts (%s)", state.switches().size(), state.hosts().size(), options.get("state"));

        String dbUrl = options.get("db-url");
        String dbUser = options.getOrDefault("db-user", "postgres");
        String dbPassword = options.getOrDefault("db-password", "");
        if (dbUrl == null) {
            PostgresTestServer postgres = PostgresTestServer.start();
            running.add(postgres);
            dbUrl = postgres.jdbcUrl();
            say("PostgreSQL started: %s (throwaway)", dbUrl);
        }

        LabSouthbound southbound = new LabSouthbound(state);
        running.southbound = southbound;
        southbound.netcfg().load(new File(options.get("netcfg")));
        say("Netcfg loaded: %s", options.get("netcfg"));
        running.add(southbound::stop);
        southbound.start();
        say("Pipeconfs registered; connecting to %d switches", state.switches().size());

        SixflowComponents.activate(southbound.components());
        ApplicationId appId = southbound.core().registerApplication(SixflowConfigRegistrar.APP_NAME);
        ObjectNode database = new ObjectMapper().createObjectNode();
        database.putObject(SixflowAppConfig.DATABASE).put(SixflowAppConfig.URL, dbUrl)
                .put(SixflowAppConfig.USER, dbUser).put(SixflowAppConfig.PASSWORD, dbPassword);
        southbound.netcfg().applyConfig(appId, SixflowAppConfig.class, database);
        say("Sixflow components started (trees, policies, telemetry, resources, inventory, history)");
        String pacerPriority = options.get("pacer-realtime");
        if (pacerPriority != null) {
            southbound.components().get(ComponentConfigService.class)
                    .setProperty(ExperimentManager.class.getName(), OsgiPropertyConstants.PACER_REALTIME_PRIORITY,
                                 pacerPriority);
            say("Experiments pace their probes at SCHED_FIFO priority %s", pacerPriority);
        }

        String dashboard = options.get("dashboard");
        String host = options.getOrDefault("http-host", "127.0.0.1");
        LabWebServer web = new LabWebServer(southbound.components(), host,
                                            Integer.parseInt(options.getOrDefault("http-port", "8181")),
                                            dashboard == null ? null : Paths.get(dashboard));
        running.web = web;
        running.add(web);
        String base = "http://" + host + ":" + web.port() + LabWebServer.CONTEXT;
        say("REST: %s/v1/", base);
        say("Dashboard: %s/ui/", base);
    }

    private static void awaitReady(LabState state, LabSouthbound southbound) throws InterruptedException {
        int devices = state.switches().size();
        int links = state.topologyLinks().map(n -> 2 * n).orElse(-1);
        long lastReport = System.currentTimeMillis();
        while (true) {
            long available = StreamSupport.stream(southbound.devices().getAvailableDevices().spliterator(), false)
                    .count();
            int found = southbound.links().getLinkCount();
            if (available == devices && (links < 0 ? found > 0 || devices == 1 : found >= links)) {
                say("LAB READY (%d switches connected, %d links discovered, %d hosts known)", available, found,
                    southbound.hosts().getHostCount());
                return;
            }
            if (System.currentTimeMillis() - lastReport > 30_000) {
                lastReport = System.currentTimeMillis();
                say("Waiting: %d/%d switches connected, %d/%s links discovered (%s)", available, devices, found,
                    links < 0 ? "?" : Integer.toString(links), missing(southbound));
            }
            Thread.sleep(200);
        }
    }

    private static String missing(LabSouthbound southbound) {
        List<String> down = new ArrayList<>();
        for (Device device : southbound.devices().getDevices()) {
            if (!southbound.devices().isAvailable(device.id())) {
                down.add(device.id().toString());
            }
        }
        return down.isEmpty() ? "all switches up" : "not connected: " + String.join(", ", down);
    }

    private static void say(String format, Object... args) {
        System.out.println(String.format(format, args));
        System.out.flush();
    }

    /** Parses --name value pairs; null if malformed. */
    static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                return null;
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
