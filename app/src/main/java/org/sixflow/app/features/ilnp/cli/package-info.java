// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of ILNP sites: sixflow:ilnp-sites, sixflow:ilnp-add, sixflow:ilnp-weights, sixflow:ilnp-remove.
 * Talks only to the feature's api.
 */
package org.sixflow.app.features.ilnp.cli;
