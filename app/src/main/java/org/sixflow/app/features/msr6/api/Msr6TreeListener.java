// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.event.EventListener;

/**
 * Hears about MSR6 trees.
 */
public interface Msr6TreeListener extends EventListener<Msr6TreeEvent> {
}
