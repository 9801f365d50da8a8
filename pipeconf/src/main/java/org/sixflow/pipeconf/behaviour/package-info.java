// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Driver behaviours of the Sixflow pipeconfs.
 */
package org.sixflow.pipeconf.behaviour;
