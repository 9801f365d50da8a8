// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.onosproject.store.StoreDelegate;

/**
 * Hears what changed in the {@link Apn6PolicyStore}, whichever instance changed it.
 */
public interface Apn6PolicyStoreDelegate extends StoreDelegate<Apn6PolicyEvent> {
}
