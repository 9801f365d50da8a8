// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.SixflowDevice;

import java.util.List;
import java.util.Locale;

/**
 * Lists devices with their pipeconf and Sixflow role.
 */
@Service
@Command(scope = "sixflow", name = "devices",
        description = "Lists devices with their pipeconf and Sixflow role")
public class DeviceListCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        List<SixflowDevice> devices = get(InventoryService.class).devices();
        if (outputJson()) {
            ArrayNode json = mapper().createArrayNode();
            devices.forEach(item -> json.add(jsonForEntity(item, SixflowDevice.class)));
            print("%s", json);
        } else {
            lines(devices).forEach(line -> print("%s", line));
        }
    }

    /**
     * Renders devices as text, one line each.
     *
     * @param devices devices
     * @return the lines
     */
    static List<String> lines(List<SixflowDevice> devices) {
        if (devices.isEmpty()) {
            return ImmutableList.of("No devices");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (SixflowDevice device : devices) {
            lines.add(String.format(Locale.ROOT, "id=%s, available=%s, role=%s, pipeconf=%s, locator=%s",
                                    device.id(), device.available(),
                                    device.role().map(Enum::name).orElse("none"),
                                    device.pipeconf().map(id -> id.id()).orElse("none"),
                                    device.locator().map(Object::toString).orElse("none")));
        }
        return lines.build();
    }
}
