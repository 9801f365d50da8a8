// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The ICMPv6 a Sixflow router's controller sends (RFC 4443): one builder of its error messages
 * and Echo Replies, and the router's own addresses they come from.
 */
package org.sixflow.app.routing.icmp;
