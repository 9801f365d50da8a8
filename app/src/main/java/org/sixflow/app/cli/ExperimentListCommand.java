// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentService;

import java.util.List;

/**
 * Lists the experiments with their newest run.
 */
@Service
@Command(scope = "sixflow", name = "experiments", description = "Lists experiments and their newest runs")
public class ExperimentListCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        ExperimentService service = get(ExperimentService.class);
        List<Experiment> experiments = service.experiments();
        if (outputJson()) {
            ArrayNode json = mapper().createArrayNode();
            experiments.forEach(e -> json.add(jsonForEntity(e, Experiment.class)));
            print("%s", json);
            return;
        }
        if (experiments.isEmpty()) {
            print("No experiments (sixflow:experiment-add --preset apn6-ietf109 makes one)");
        }
        for (Experiment e : experiments) {
            print("%s", ExperimentText.experiment(e, service.runs(e.id()).stream().findFirst()));
        }
    }
}
