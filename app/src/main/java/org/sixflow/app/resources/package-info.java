// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Data-plane resources: the Tofino compiler's MAU report and P4 table occupancy at run time.
 */
package org.sixflow.app.resources;
