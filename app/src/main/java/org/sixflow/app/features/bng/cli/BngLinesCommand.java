// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.bng.api.BngService;

import java.util.List;
import java.util.Locale;

/**
 * Lists the subscriber lines PPPoE frames came from, each with its configured meter
 * ("unmetered", or each direction's committed and peak rates and bursts), and what the relay
 * dropped.
 */
@Service
@Command(scope = "sixflow", name = "bng-lines", description = "Lists PPPoE subscriber lines")
public class BngLinesCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        lines(get(BngService.class)).forEach(line -> print("%s", line));
    }

    /** Every line, one a line, then the drops. */
    static List<String> lines(BngService service) {
        ImmutableList.Builder<String> out = ImmutableList.builder();
        if (service.lines().isEmpty()) {
            out.add("No BNG lines");
        }
        service.lines().forEach(l -> out.add(String.format(Locale.ROOT,
                                                          "line=%s, lineId=%d, controlFrames=%d, meter=%s",
                                                          l.name(), l.lineId(), l.controlFrames(), l.meter())));
        service.dropped().forEach((reason, count) -> out.add(String.format(Locale.ROOT, "dropped %s=%d", reason,
                                                                          count)));
        return out.build();
    }
}
