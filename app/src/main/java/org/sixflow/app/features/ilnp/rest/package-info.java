// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of ILNP sites: /onos/sixflow/v1/ilnp/sites. Talks only to the feature's api.
 */
package org.sixflow.app.features.ilnp.rest;
