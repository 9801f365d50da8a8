// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Packet helpers no feature owns (ONOS's org.onlab.packet lacks them): the IPv6 UDP checksum and
 * prefix arithmetic here, protocols' wire formats in sub-packages (gtpu/, msr6/, icmpv6/). They name no other Sixflow package, so every
 * feature and the experiments can use them without reaching into each other.
 */
package org.sixflow.app.packet;
