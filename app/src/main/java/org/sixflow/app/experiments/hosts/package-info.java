// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * HOSTS traffic for experiments: a host traffic generator that runs an operator-configured
 * command per host attachment (e.g. {@code ssh} to the host, or {@code ip netns exec} in a lab).
 */
package org.sixflow.app.experiments.hosts;
