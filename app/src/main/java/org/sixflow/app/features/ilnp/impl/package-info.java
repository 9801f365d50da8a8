// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ILNP sites compiled to entries of pipeconf/p4src/common/control/ilnp.p4, stored in the cluster
 * and installed by their owner instance; the Locator Updates the data plane punts, read and sent on.
 */
package org.sixflow.app.features.ilnp.impl;
