// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The multihoming study's REST API (multihoming/studies, multihoming/runs) and its JSON and CSV.
 */
package org.sixflow.app.features.multihoming.rest;
