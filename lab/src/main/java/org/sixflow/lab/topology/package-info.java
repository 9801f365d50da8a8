// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The lab's view of the network: links discovered by LLDP, the topology over them, edge ports,
 * hosts (configured and learned from IPv6 packet-ins) and configured interfaces.
 */
package org.sixflow.lab.topology;
