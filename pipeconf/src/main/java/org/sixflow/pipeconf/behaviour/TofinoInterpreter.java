// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import org.sixflow.pipeconf.CpuPorts;

/**
 * Interpreter of the Tofino pipeconf.
 */
public class TofinoInterpreter extends SixflowInterpreter {

    @Override
    protected int cpuPort() {
        return CpuPorts.TOFINO;
    }
}
