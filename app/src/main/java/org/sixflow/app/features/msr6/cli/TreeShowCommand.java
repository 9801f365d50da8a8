// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;

/**
 * Shows a tree: its links, its M-SID list and what each device holds.
 */
@Service
@Command(scope = "sixflow", name = "tree-show", description = "Shows an MSR6 tree: links, M-SIDs, entries per device")
public class TreeShowCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tree id", required = true)
    @Completion(TreeIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        Msr6Tree tree = get(Msr6TreeService.class).tree(id).orElse(null);
        if (tree == null) {
            error("No tree %s", id);
            return;
        }
        if (outputJson()) {
            print("%s", jsonForEntity(tree, Msr6Tree.class));
        } else {
            lines(tree).forEach(line -> print("%s", line));
        }
    }

    static List<String> lines(Msr6Tree tree) {
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.addAll(TreeListCommand.lines(List.of(tree)));
        tree.links().forEach(l -> lines.add("  link " + l.src() + " -> " + l.dst()));
        for (int i = 0; i < tree.msids().size(); i++) {
            lines.add("  M-SID[" + i + "] " + tree.msids().get(i));
        }
        tree.entries().entrySet().stream().sorted((a, b) -> a.getKey().toString().compareTo(b.getKey().toString()))
                .forEach(e -> lines.add("  " + e.getKey() + ": " + e.getValue() + " entries and groups"));
        return lines.build();
    }
}
