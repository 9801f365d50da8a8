// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of the PPPoE control plane: /onos/sixflow/v1/bng/{lines,sessions,config}. Talks only to
 * the feature's api.
 */
package org.sixflow.app.features.bng.rest;
