// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.store.StoreDelegate;

/**
 * Hears what changed in the tree store, on any instance of the cluster.
 */
public interface Msr6TreeStoreDelegate extends StoreDelegate<Msr6TreeEvent> {
}
