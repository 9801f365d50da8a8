// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * MSR6 trees stored in the cluster and installed by their owner instance: the manager, its
 * store, the reconciler, installs of flow rules and groups confirmed on real ONOS.
 */
package org.sixflow.app.features.msr6.impl;
