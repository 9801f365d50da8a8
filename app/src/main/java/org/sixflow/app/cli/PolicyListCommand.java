// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyService;

import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * Lists APN6 SLA policies, highest priority first.
 */
@Service
@Command(scope = "sixflow", name = "policies", description = "Lists APN6 SLA policies")
public class PolicyListCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        Apn6PolicyService service = get(Apn6PolicyService.class);
        List<Apn6Policy> policies = service.policies();
        if (outputJson()) {
            ArrayNode json = mapper().createArrayNode();
            policies.forEach(policy -> json.add(jsonForEntity(policy, Apn6Policy.class)));
            print("%s", json);
        } else {
            lines(policies, p -> service.entries(p.id()).values().stream().mapToInt(List::size).sum())
                    .forEach(line -> print("%s", line));
        }
    }

    static List<String> lines(List<Apn6Policy> policies, ToIntFunction<Apn6Policy> entryCount) {
        if (policies.isEmpty()) {
            return ImmutableList.of("No APN6 policies");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (Apn6Policy p : policies) {
            Apn6Match m = p.match();
            lines.add(String.format(Locale.ROOT, "id=%s, priority=%d, source=%s, destination=%s, nextHeader=%s, "
                                            + "sourcePorts=%s, destinationPorts=%s, ingressPorts=%d, "
                                            + "sla=%d, appId=%d, userId=%d, flowId=%d, slaPriority=%s, "
                                            + "strip=%s, entries=%d",
                                    p.id(), p.priority(), m.source(), m.destination(),
                                    m.nextHeader().map(String::valueOf).orElse("any"), m.sourcePorts(),
                                    m.destinationPorts(), m.ingressPorts().size(), p.option().slaLevel(),
                                    p.option().appId(), p.option().userId(), p.option().flowId(),
                                    p.slaPriority().map(String::valueOf).orElse("none"), p.stripAtEgress(),
                                    entryCount.applyAsInt(p)));
        }
        return lines.build();
    }
}
