// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The multihoming study: the ILNP thesis's method (plain IPv6, NPTv6 and ILNP compared for a site
 * with two providers) run on a live network by host traffic (iperf3, ping) between a site host and
 * a correspondent, over frame sizes, load rates, load-sharing levels and repetitions, with an
 * uplink failure per protocol and the routing state each protocol needs. docs/features/multihoming-study.md.
 */
package org.sixflow.app.features.multihoming.api;
