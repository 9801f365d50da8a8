// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's storage service in memory for one instance: consistent maps that copy every key and value
 * through their serializer and deliver events on their own thread, eventually consistent maps, and
 * atomic counters.
 */
package org.sixflow.sim.store;
