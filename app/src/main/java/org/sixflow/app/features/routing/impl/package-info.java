// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * IPv6 unicast routing: routing_v6 entries for hosts, host subnets and locators along shortest
 * paths, Neighbor Advertisements for the routers' own addresses, and the ICMPv6 a router sends:
 * Packet Too Big, Time Exceeded, Destination Unreachable, Echo Reply (builders in packet/icmpv6/).
 */
package org.sixflow.app.features.routing.impl;
