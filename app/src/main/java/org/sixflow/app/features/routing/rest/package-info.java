// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of routes: /onos/sixflow/v1/routes. Talks only to the feature's api.
 */
package org.sixflow.app.features.routing.rest;
