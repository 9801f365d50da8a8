// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

/**
 * Where a tree is in its life: requested, then installed or failed, and withdrawn on removal.
 */
public enum Msr6TreeState {
    /** Asked for (created, changed or rerouted): its owner instance has not confirmed it on the devices yet. */
    REQUESTED,
    /** Every entry and group of the tree is confirmed on its device. */
    INSTALLED,
    /**
     * The tree could not be built, or a device refused one of its entries or groups (see the
     * failure); the devices keep the tree that was installed before, if there was one.
     */
    FAILED,
    /** Removal asked for: the owner instance is taking the tree's entries out; then the tree is gone. */
    WITHDRAWN
}
