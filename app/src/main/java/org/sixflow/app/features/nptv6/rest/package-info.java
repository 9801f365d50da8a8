// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of NPTv6 mappings: /onos/sixflow/v1/nptv6/mappings. Talks only to the feature's api.
 */
package org.sixflow.app.features.nptv6.rest;
