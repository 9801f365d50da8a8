// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.api;

import org.onosproject.event.EventListener;

/**
 * Hears about IPv6 routes.
 */
public interface RoutingListener extends EventListener<RoutingEvent> {
}
