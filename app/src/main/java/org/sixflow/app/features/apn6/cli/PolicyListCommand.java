// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Lists APN6 SLA policies, highest priority first, with their lifecycle state (and, for a failed
 * policy, the device that refused it and why).
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
            policies.forEach(policy -> json.add(json(policy, service)));
            print("%s", json);
        } else {
            lines(policies, p -> service.entries(p.id()).values().stream().mapToInt(List::size).sum(),
                  p -> status(service, p)).forEach(line -> print("%s", line));
        }
    }

    /** A policy's JSON as REST gives it: the policy's fields with "state" and "failure". */
    ObjectNode json(Apn6Policy policy, Apn6PolicyService service) {
        ObjectNode json = (ObjectNode) jsonForEntity(policy, Apn6Policy.class);
        json.setAll((ObjectNode) jsonForEntity(status(service, policy), InstallStatus.class));
        return json;
    }

    static InstallStatus status(Apn6PolicyService service, Apn6Policy policy) {
        return service.status(policy.id()).orElse(InstallStatus.REQUESTED);
    }

    static List<String> lines(List<Apn6Policy> policies, ToIntFunction<Apn6Policy> entryCount,
                              Function<Apn6Policy, InstallStatus> status) {
        if (policies.isEmpty()) {
            return ImmutableList.of("No APN6 policies");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (Apn6Policy p : policies) {
            Apn6Match m = p.match();
            lines.add(String.format(Locale.ROOT, "id=%s, priority=%d, source=%s, destination=%s, nextHeader=%s, "
                                            + "sourcePorts=%s, destinationPorts=%s, ingressPorts=%d, "
                                            + "sla=%d, appId=%d, userId=%d, flowId=%d, slaPriority=%s, "
                                            + "strip=%s, entries=%d, state=%s%s",
                                    p.id(), p.priority(), m.source(), m.destination(),
                                    m.nextHeader().map(String::valueOf).orElse("any"), m.sourcePorts(),
                                    m.destinationPorts(), m.ingressPorts().size(), p.option().slaLevel(),
                                    p.option().appId(), p.option().userId(), p.option().flowId(),
                                    p.slaPriority().map(String::valueOf).orElse("none"), p.stripAtEgress(),
                                    entryCount.applyAsInt(p), status.apply(p).state(),
                                    status.apply(p).failure().map(f -> ", failedDevice=" + f.deviceId()
                                            + ", reason=" + f.reason()).orElse("")));
        }
        return lines.build();
    }
}
