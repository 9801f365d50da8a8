// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.PipeconfInfo;

import java.util.List;
import java.util.Locale;

/**
 * Lists registered pipeconfs and the devices running them.
 */
@Service
@Command(scope = "sixflow", name = "pipeconfs",
        description = "Lists registered pipeconfs and the devices running them")
public class PipeconfListCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Pipeconf id (all when omitted)")
    @Completion(PipeconfIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        InventoryService inventory = get(InventoryService.class);
        List<PipeconfInfo> pipeconfs;
        if (id == null) {
            pipeconfs = inventory.pipeconfs();
        } else {
            PipeconfInfo info = inventory.pipeconf(new PiPipeconfId(id)).orElse(null);
            if (info == null) {
                error("No pipeconf %s is registered", id);
                return;
            }
            pipeconfs = ImmutableList.of(info);
        }
        if (outputJson()) {
            ArrayNode json = mapper().createArrayNode();
            pipeconfs.forEach(item -> json.add(jsonForEntity(item, PipeconfInfo.class)));
            print("%s", json);
        } else {
            lines(pipeconfs).forEach(line -> print("%s", line));
        }
    }

    /**
     * Renders pipeconfs as text, one line each.
     *
     * @param pipeconfs pipeconfs
     * @return the lines
     */
    static List<String> lines(List<PipeconfInfo> pipeconfs) {
        if (pipeconfs.isEmpty()) {
            return ImmutableList.of("No pipeconfs registered");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (PipeconfInfo info : pipeconfs) {
            lines.add(String.format(Locale.ROOT, "id=%s, target=%s, architecture=%s, tables=%d, devices=%s",
                                    info.id(), info.target().name().toLowerCase(Locale.ROOT),
                                    info.model().architecture().orElse("?"), info.model().tables().size(),
                                    info.devices().isEmpty() ? "none" : info.devices()));
        }
        return lines.build();
    }
}
