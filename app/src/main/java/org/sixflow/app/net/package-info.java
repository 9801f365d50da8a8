// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What Sixflow's services ask of ONOS's view of the network in the same way: which ports face
 * hosts.
 */
package org.sixflow.app.net;
