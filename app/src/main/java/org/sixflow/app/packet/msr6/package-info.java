// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * MSR6's wire format, which MSR6, routing (grown packets) and the experiments' probes share:
 * the M-SID layout and the Multicast Routing Header's.
 */
package org.sixflow.app.packet.msr6;
