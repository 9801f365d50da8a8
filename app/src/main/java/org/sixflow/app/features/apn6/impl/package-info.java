// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * APN6 policies compiled to entries of pipeconf/p4src/common/control/apn6.p4 (the match model,
 * its overlap index and validator, the compiler), stored in the cluster and installed by their
 * owner instance through the shared lifecycle.
 */
package org.sixflow.app.features.apn6.impl;
