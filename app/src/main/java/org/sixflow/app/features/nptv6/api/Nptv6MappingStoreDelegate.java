// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onosproject.store.StoreDelegate;

/**
 * Hears what changed in the {@link Nptv6MappingStore}, whichever instance changed it.
 */
public interface Nptv6MappingStoreDelegate extends StoreDelegate<Nptv6MappingEvent> {
}
