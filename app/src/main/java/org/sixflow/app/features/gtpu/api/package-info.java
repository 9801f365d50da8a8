// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U over IPv6 tunnels (3GPP TS 29.281) at the N3 interface: the tunnel, its validation,
 * counters and events, and the services that store, install and answer for tunnels.
 * Formats and limits: docs/features/gtpu.md.
 */
package org.sixflow.app.features.gtpu.api;
