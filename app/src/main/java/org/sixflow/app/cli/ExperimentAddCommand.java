// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentValidationException;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Defines an experiment from a preset after the studies, or from a file holding what REST's POST
 * experiments takes, with some fields overridden.
 */
@Service
@Command(scope = "sixflow", name = "experiment-add",
        description = "Defines an experiment from a preset (apn6-ietf109, msr6-ietf119, load-grid, gtpu-murakami) or "
                + "a JSON file")
public class ExperimentAddCommand extends AbstractShellCommand {

    @Option(name = "-p", aliases = "--preset", description = "Start from this preset")
    @Completion(ExperimentPresetCompleter.class)
    String preset;

    @Option(name = "-f", aliases = "--file", description = "Start from this JSON file (as POST experiments takes)")
    String file;

    @Option(name = "--id", description = "Experiment id (default: the preset's or the file's)")
    String id;

    @Option(name = "--ingress", description = "Port where packets enter the measured device, e.g. device:beijing/1")
    String ingress;

    @Option(name = "-n", aliases = "--packets", description = "Packets per class (N)")
    Integer packets;

    @Option(name = "--interval-micros", description = "Interval between packets, in µs")
    Double intervalMicros;

    @Option(name = "--repetitions", description = "Repetitions of each cell")
    Integer repetitions;

    @Override
    protected void doExecute() {
        ExperimentService service = get(ExperimentService.class);
        Experiment base;
        try {
            base = base(service);
        } catch (IllegalArgumentException e) {
            print("%s", e.getMessage());
            return;
        }
        Experiment experiment = override(base, id, ingress, packets, intervalMicros, repetitions);
        try {
            service.create(experiment);
            print("Experiment %s created: %d packets per run (sixflow:experiment-run %s)", experiment.id(),
                  experiment.packetsInRun(), experiment.id());
        } catch (ExperimentValidationException e) {
            print("Experiment %s refused:", experiment.id());
            ExperimentText.problems(e.fields()).forEach(line -> print("  %s", line));
        }
    }

    private Experiment base(ExperimentService service) {
        if ((preset == null) == (file == null)) {
            throw new IllegalArgumentException("Give --preset NAME or --file PATH");
        }
        if (preset != null) {
            return service.presets().stream().filter(p -> p.id().equals(preset)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("No preset " + preset + "; presets: "
                            + service.presets().stream().map(Experiment::id).reduce((a, b) -> a + ", " + b)
                            .orElse("none")));
        }
        try {
            ObjectNode json = (ObjectNode) mapper().readTree(new File(file));
            return codec(Experiment.class).decode(json, this);
        } catch (IOException | ClassCastException e) {
            throw new IllegalArgumentException("Cannot read " + file + " as a JSON object: " + e.getMessage());
        } catch (ExperimentValidationException e) {
            throw new IllegalArgumentException(file + ": " + String.join("; ", ExperimentText.problems(e.fields())));
        }
    }

    /**
     * Applies the command's overrides to an experiment.
     *
     * @param e              the experiment
     * @param id             new id, or null
     * @param ingress        new ingress port, or null
     * @param packets        new N, or null
     * @param intervalMicros new interval (µs; replaces load rates), or null
     * @param repetitions    new repetitions, or null
     * @return the experiment with the overrides
     * @throws ExperimentValidationException for an ingress that is not a port
     */
    static Experiment override(Experiment e, String id, String ingress, Integer packets, Double intervalMicros,
                               Integer repetitions) {
        Experiment.Builder b = id == null ? e.toBuilder() : Experiment.builder(id).name(e.name())
                .description(e.description()).ingress(e.ingress()).traffic(e.traffic()).classes(e.classes())
                .packetsPerClass(e.packetsPerClass()).interval(e.interval().orElse(null)).loadsMbps(e.loadsMbps())
                .frameSizes(e.frameSizes()).repetitions(e.repetitions()).warmup(e.warmup()).blockSize(e.blockSize())
                .seed(e.seed()).window(e.window().orElse(null)).thresholds(e.thresholds())
                .meanThresholds(e.meanThresholds()).meanOf(e.meanOf());
        if (ingress != null) {
            try {
                b.ingress(ConnectPoint.deviceConnectPoint(ingress));
            } catch (RuntimeException x) {
                throw new ExperimentValidationException(Map.of("ingress", "\"" + ingress
                        + "\" is not a port such as device:beijing/1"));
            }
        }
        if (packets != null) {
            b.packetsPerClass(packets);
        }
        if (intervalMicros != null) {
            b.interval(Duration.ofNanos(Math.round(intervalMicros * 1000))).loadsMbps(List.of());
        }
        if (repetitions != null) {
            b.repetitions(repetitions);
        }
        return b.build();
    }
}
