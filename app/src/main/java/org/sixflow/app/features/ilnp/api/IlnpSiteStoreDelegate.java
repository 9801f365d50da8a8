// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onosproject.store.StoreDelegate;

/**
 * Hears what changed in the {@link IlnpSiteStore}, whichever instance changed it.
 */
public interface IlnpSiteStoreDelegate extends StoreDelegate<IlnpSiteEvent> {
}
