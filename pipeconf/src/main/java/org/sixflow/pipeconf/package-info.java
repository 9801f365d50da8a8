// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Sixflow pipeconfs: registration, artifacts and generated P4Info constants.
 */
package org.sixflow.pipeconf;
