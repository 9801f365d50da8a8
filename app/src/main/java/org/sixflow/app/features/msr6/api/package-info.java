// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * MSR6 multicast trees (TE and RLB): what a tree request asks, a tree as stored and installed,
 * its service, store and events. Formats and limits: docs/features/msr6.md.
 */
package org.sixflow.app.features.msr6.api;
