// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A throwaway PostgreSQL from Debian's binaries: the demo's history database, and the one the app's
 * tests run against.
 */
package org.sixflow.sim.postgres;
