// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * REST of APN6 policies: /onos/sixflow/v1/policies. Talks only to the feature's api.
 */
package org.sixflow.app.features.apn6.rest;
