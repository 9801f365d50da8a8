// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * NPTv6 mappings compiled to entries of pipeconf/p4src/common/control/nptv6.p4, stored in the
 * cluster and installed by their owner instance.
 */
package org.sixflow.app.features.nptv6.impl;
