// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of NPTv6 mappings: sixflow:nptv6-mappings, sixflow:nptv6-add, sixflow:nptv6-remove.
 * Talks only to the feature's api.
 */
package org.sixflow.app.features.nptv6.cli;
