// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

/**
 * CPU port numbers per target. P4Info does not carry them: the P4 sources define them in
 * {@code p4src/<target>/define_<target>.p4}, and CpuPortsTest holds these values to those files.
 */
public final class CpuPorts {

    /** bmv2 CPU port; simple_switch_grpc must run with {@code --cpu-port 255}. */
    public static final int BMV2 = 255;
    /** PCIe CPU port of a 32-port Tofino 1 switch. */
    public static final int TOFINO = 192;

    private CpuPorts() {
    }
}
