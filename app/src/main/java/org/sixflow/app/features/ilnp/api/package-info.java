// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ILNPv6 at a site border router (RFC 6748's site-controlled deployment): a site's internal
 * locator, its uplinks with their provider locators and weights, the Locator Updates the
 * border router hears. Formats and limits: docs/features/ilnp.md.
 */
package org.sixflow.app.features.ilnp.api;
