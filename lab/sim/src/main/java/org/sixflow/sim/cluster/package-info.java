// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * One simulated ONOS instance's view of its cluster: the local node alone, leadership it wins
 * unless a topic is set up as led by a peer, and work partitions that are all its own.
 */
package org.sixflow.sim.cluster;
