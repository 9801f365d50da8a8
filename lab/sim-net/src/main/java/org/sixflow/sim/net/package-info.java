// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The network half of the simulated ONOS: a simulated network and ONOS's network services over it,
 * each implementing its onos-api interface in full, with events delivered in order on one thread.
 */
package org.sixflow.sim.net;
