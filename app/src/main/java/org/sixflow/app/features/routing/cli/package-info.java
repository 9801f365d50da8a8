// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of routes: sixflow:routes. Talks only to the feature's api.
 */
package org.sixflow.app.features.routing.cli;
