// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onosproject.event.EventListener;

/**
 * Hears about ILNP sites.
 */
public interface IlnpSiteListener extends EventListener<IlnpSiteEvent> {
}
