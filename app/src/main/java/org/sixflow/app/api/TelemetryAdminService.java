// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * The collectors' side of telemetry: they announce what they measured here.
 */
public interface TelemetryAdminService extends TelemetryService {

    /**
     * Hands an event to the listeners, asynchronously; never blocks the collector.
     *
     * @param event the event
     */
    void post(TelemetryEvent event);
}
