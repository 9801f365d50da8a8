// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.net.ConnectPoint;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbeBurst;
import org.sixflow.app.config.ComponentProperties;
import org.slf4j.Logger;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.sixflow.app.experiments.hosts.OsgiPropertyConstants.HOST_COMMANDS;
import static org.sixflow.app.experiments.hosts.OsgiPropertyConstants.HOST_COMMANDS_DEFAULT;
import static org.sixflow.app.experiments.hosts.OsgiPropertyConstants.MIN_INTERVAL_MICROS;
import static org.sixflow.app.experiments.hosts.OsgiPropertyConstants.MIN_INTERVAL_MICROS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sends experiment probes from hosts by running, for the host at the experiment's ingress port,
 * the command the operator configured for it ({@link HostCommands}) with {@code --spec FILE}: the
 * bursts as JSON ({@link BurstSpec}). The command paces them (every packet due at the start plus
 * the intervals before it) and prints a pacing summary as its last line. ONOS runs it as its own
 * user, from the thread that sends the run (so it inherits that thread's real-time priority).
 * Configure with {@code cfg set org.sixflow.app.experiments.hosts.CommandHostTrafficGenerator
 * hostCommands "device:beijing/3=ssh h1 sixflow-burst;..."}; a bad value is refused whole, in the
 * log, and the commands in force stay.
 */
@Component(immediate = true, service = HostTrafficGenerator.class, property = {
        HOST_COMMANDS + "=" + HOST_COMMANDS_DEFAULT,
        MIN_INTERVAL_MICROS + ":Integer=" + MIN_INTERVAL_MICROS_DEFAULT,
})
public class CommandHostTrafficGenerator implements HostTrafficGenerator {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** The property's text in force, and what it says. */
    private volatile String hostCommands = HOST_COMMANDS_DEFAULT;
    private volatile HostCommands commands = HostCommands.none();
    private volatile int minIntervalMicros = MIN_INTERVAL_MICROS_DEFAULT;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        log.info("Started ({} hosts configured)", commands.size());
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    /**
     * Applies the properties; a bad value keeps what is in force.
     *
     * @param context the component context, or null
     */
    void readProperties(ComponentContext context) {
        // Unset or empty (ONOS reads "" as unset): no host.
        String text = ComponentProperties.text(context, HOST_COMMANDS).orElse(HOST_COMMANDS_DEFAULT);
        try {
            commands = HostCommands.parse(text);
            hostCommands = text;
        } catch (IllegalArgumentException e) {
            log.warn("{} refused, keeping '{}': {}", HOST_COMMANDS, hostCommands, e.getMessage());
        }
        Optional<String> interval = ComponentProperties.text(context, MIN_INTERVAL_MICROS);
        if (interval.isPresent()) {
            try {
                int value = Integer.parseInt(interval.get().trim());
                if (value < 1) {
                    throw new NumberFormatException("below 1");
                }
                minIntervalMicros = value;
            } catch (NumberFormatException e) {
                log.warn("{} must be a whole number of microseconds, at least 1, not '{}'; keeping {}",
                         MIN_INTERVAL_MICROS, interval.get(), minIntervalMicros);
            }
        }
    }

    @Override
    public boolean serves(ConnectPoint attachment) {
        return commands.at(attachment).isPresent();
    }

    @Override
    public long minIntervalNanos() {
        return minIntervalMicros * 1000L;
    }

    @Override
    public PacingSummary send(ConnectPoint attachment, List<ProbeBurst> bursts) throws InterruptedException {
        List<String> command = new ArrayList<>(commands.at(attachment).orElseThrow(
                () -> new IllegalStateException("no host command is configured for " + attachment)));
        File spec = null;
        File out = null;
        Process process = null;
        try {
            spec = File.createTempFile("sixflow-burst-", ".json");
            out = File.createTempFile("sixflow-burst-", ".out");
            Files.writeString(spec.toPath(), BurstSpec.of(bursts), StandardCharsets.UTF_8);
            command.add("--spec");
            command.add(spec.getAbsolutePath());
            log.info("Sending {} bursts from the host at {}", bursts.size(), attachment);
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
            // Interruptible: a cancelled run interrupts this thread, and finally stops the sender.
            int status = process.waitFor();
            String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
            if (status != 0) {
                throw new IllegalStateException("the sender at " + attachment + " exited with " + status + ": "
                                                        + output.trim());
            }
            return BurstSpec.summary(output);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the sender at " + attachment + " ("
                                                    + String.join(" ", command) + "): " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the sender at " + attachment + ": " + e.getMessage(), e);
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
            for (File f : new File[]{spec, out}) {
                if (f != null && !f.delete()) {
                    log.debug("Could not delete {}", f);
                }
            }
        }
    }
}
