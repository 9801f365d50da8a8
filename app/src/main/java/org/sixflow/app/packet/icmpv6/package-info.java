// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The ICMPv6 the controller sends and reads (RFC 4443, 4861): one builder of its error messages,
 * Echo Replies and Router Advertisements (in Ethernet frames for a router's ports, as bare IPv6
 * packets for the BNG's PPP sessions), Router Solicitation validation, and a router's own
 * addresses. Wire formats only: no feature's state, so routing and the BNG share them.
 */
package org.sixflow.app.packet.icmpv6;
