// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.onosproject.event.EventListener;

/**
 * Hears about APN6 policies.
 */
public interface Apn6PolicyListener extends EventListener<Apn6PolicyEvent> {
}
