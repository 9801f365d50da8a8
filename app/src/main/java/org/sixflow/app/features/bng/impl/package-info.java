// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The PPPoE relay between subscriber lines and the server, its decoders (RFC 2516, 1661, 1334,
 * 1994, 1332, 5072), the per-session state machine, and the installation of up sessions through
 * ONOS's BngProgrammable.
 */
package org.sixflow.app.features.bng.impl;
