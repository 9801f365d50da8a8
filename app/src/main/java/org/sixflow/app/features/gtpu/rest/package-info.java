// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of GTP-U tunnels: /onos/sixflow/v1/gtpu/tunnels. Talks only to the feature's api.
 */
package org.sixflow.app.features.gtpu.rest;
