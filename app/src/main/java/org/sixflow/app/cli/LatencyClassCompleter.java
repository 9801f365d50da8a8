// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.api.LatencyClass;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Completes latency class labels (ipv6, apn6-insert, ...).
 */
@Service
public class LatencyClassCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return Arrays.stream(LatencyClass.values()).map(LatencyClass::label).collect(Collectors.toList());
    }
}
