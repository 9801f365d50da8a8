// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A tree encoded as MRH copies: M-SIDs per replicating node, split where a node's egress
 * limit is reached.
 */
package org.sixflow.app.features.msr6.impl.encoding;
