// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives an ILNP site new weights; its owner writes the new ranges before it removes the old.
 */
@Service
@Command(scope = "sixflow", name = "ilnp-weights", description = "Changes an ILNP site's uplink weights")
public class IlnpSiteWeightsCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "name", description = "Site name", required = true)
    @Completion(IlnpSiteNameCompleter.class)
    String name = null;

    @Argument(index = 1, name = "weights", description = "port=weight for every uplink, e.g. 2=80 3=20",
            required = true, multiValued = true)
    List<String> weights = null;

    @Override
    protected void doExecute() {
        try {
            IlnpSite stored = get(IlnpSiteService.class).setWeights(name, weights(weights));
            print("ILNP site %s now %s", name, stored.weights());
        } catch (IllegalArgumentException | IllegalStateException | ItemNotFoundException e) {
            error("ILNP site %s weights not changed: %s", name, e.getMessage());
        }
    }

    /**
     * Parses port=weight arguments.
     *
     * @param args the arguments
     * @return port to weight
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    static Map<PortNumber, Integer> weights(List<String> args) {
        Map<PortNumber, Integer> weights = new LinkedHashMap<>();
        for (String arg : args) {
            String[] parts = arg.split("=", -1);
            if (parts.length != 2 || !parts[0].matches("[0-9]{1,5}") || !parts[1].matches("-?[0-9]{1,9}")) {
                throw new IllegalArgumentException(arg + ": write port=weight, e.g. 2=80");
            }
            weights.put(PortNumber.portNumber(Long.parseLong(parts[0])), Integer.parseInt(parts[1]));
        }
        return weights;
    }
}
