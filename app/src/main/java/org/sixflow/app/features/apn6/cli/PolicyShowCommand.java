// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Shows a policy and the entries it installed on each device.
 */
@Service
@Command(scope = "sixflow", name = "policy-show", description = "Shows an APN6 policy and its entries per device")
public class PolicyShowCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Policy id", required = true)
    @Completion(PolicyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        Apn6PolicyService service = get(Apn6PolicyService.class);
        Apn6Policy policy = service.policy(id).orElse(null);
        if (policy == null) {
            error("No policy %s", id);
            return;
        }
        if (outputJson()) {
            ObjectNode json = (ObjectNode) jsonForEntity(policy, Apn6Policy.class);
            json.setAll((ObjectNode) jsonForEntity(PolicyListCommand.status(service, policy), InstallStatus.class));
            print("%s", json);
        } else {
            lines(policy, PolicyListCommand.status(service, policy), service.entries(id))
                    .forEach(line -> print("%s", line));
        }
    }

    static List<String> lines(Apn6Policy policy, InstallStatus status, Map<DeviceId, List<String>> entries) {
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.addAll(PolicyListCommand.lines(List.of(policy), p -> entries.values().stream()
                .mapToInt(List::size).sum(), p -> status));
        policy.match().ingressPorts().stream().map(Object::toString).sorted()
                .forEach(port -> lines.add("  ingress " + port));
        entries.entrySet().stream().sorted(Comparator.comparing(e -> e.getKey().toString())).forEach(e -> {
            lines.add("  " + e.getKey() + ":");
            e.getValue().forEach(entry -> lines.add("    " + entry));
        });
        return lines.build();
    }
}
