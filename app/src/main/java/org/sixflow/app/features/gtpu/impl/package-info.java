// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U tunnels compiled to entries of pipeconf/p4src/common/control/gtpu.p4, validated against
 * the network's N3 addresses, stored in the cluster and installed by their owner instance; echo
 * and signalling answer what the data plane punts.
 */
package org.sixflow.app.features.gtpu.impl;
