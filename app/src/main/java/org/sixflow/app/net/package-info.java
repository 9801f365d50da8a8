// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What Sixflow's services ask of ONOS's view of the network in the same way: which ports face
 * hosts; IPv6 prefixes as operators write them.
 */
package org.sixflow.app.net;
