// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The multihoming study's CLI: sixflow:multihoming-* (studies, runs, the grid as the thesis lays it out).
 */
package org.sixflow.app.features.multihoming.cli;
