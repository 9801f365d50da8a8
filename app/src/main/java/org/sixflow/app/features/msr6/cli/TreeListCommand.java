// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeLimits;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;
import java.util.Locale;

/**
 * Lists MSR6 trees: request, size, state (and why a FAILED one failed), then how many M-SIDs a
 * tree may carry on the network's devices.
 */
@Service
@Command(scope = "sixflow", name = "trees", description = "Lists MSR6 trees and their state")
public class TreeListCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        List<Msr6Tree> trees = get(Msr6TreeService.class).trees();
        if (outputJson()) {
            ArrayNode json = mapper().createArrayNode();
            trees.forEach(tree -> json.add(jsonForEntity(tree, Msr6Tree.class)));
            print("%s", json);
        } else {
            lines(trees).forEach(line -> print("%s", line));
            print("%s", limitsLine(get(Msr6TreeService.class).limits()));
        }
    }

    static String limitsLine(Msr6TreeLimits limits) {
        StringBuilder line = new StringBuilder("M-SIDs per tree: at most ").append(limits.maxMsids());
        limits.localDeliveryMaxMsids().forEach((device, max) -> line.append(String.format(
                Locale.ROOT, "; %d where %s is the source with receivers of its own (a replicating node there is split)", max, device)));
        return line.toString();
    }

    static List<String> lines(List<Msr6Tree> trees) {
        if (trees.isEmpty()) {
            return ImmutableList.of("No MSR6 trees");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (Msr6Tree t : trees) {
            lines.add(String.format(Locale.ROOT, "id=%s, group=%s, source=%s, receivers=%d, mode=%s, algorithm=%s, "
                                            + "links=%d, msids=%d, replicationPoints=%d, state=%s%s",
                                    t.request().id(), t.request().group(), t.request().source(),
                                    t.request().receivers().size(), t.request().mode(), t.request().algorithm(),
                                    t.links().size(), t.msids().size(), t.replicationPoints(), t.state(),
                                    t.failure().map(f -> ", failure=" + f.deviceId().map(d -> d + ": ").orElse("")
                                            + f.reason()).orElse("")));
        }
        return lines.build();
    }
}
