// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * PPPoE sessions as experiment classes exercise them (upstream in the session's framing at its
 * line's port, downstream to its addresses), and the PPPoE study's single vs split presets.
 */
package org.sixflow.app.features.bng.experiments;
