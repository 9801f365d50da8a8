// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.EventListener;

/**
 * Hears about fresh telemetry.
 */
public interface TelemetryListener extends EventListener<TelemetryEvent> {
}
