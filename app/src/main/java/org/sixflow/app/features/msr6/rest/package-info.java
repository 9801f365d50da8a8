// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of MSR6 trees: /onos/sixflow/v1/trees. Talks only to the feature's api.
 */
package org.sixflow.app.features.msr6.rest;
