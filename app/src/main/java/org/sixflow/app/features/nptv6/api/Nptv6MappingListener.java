// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onosproject.event.EventListener;

/**
 * Hears about NPTv6 mappings.
 */
public interface Nptv6MappingListener extends EventListener<Nptv6MappingEvent> {
}
