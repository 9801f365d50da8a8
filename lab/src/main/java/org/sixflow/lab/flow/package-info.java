// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Flow rules, groups and flow objectives written to the lab's switches over P4Runtime, with the
 * states and events ONOS's managers give applications.
 */
package org.sixflow.lab.flow;
