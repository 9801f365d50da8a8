// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Traffic the lab sends for Sixflow: experiment probes from its hosts.
 */
package org.sixflow.lab.traffic;
