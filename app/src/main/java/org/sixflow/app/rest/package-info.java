// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Sixflow REST API at /onos/sixflow/v1: resources and JSON codecs.
 */
package org.sixflow.app.rest;
