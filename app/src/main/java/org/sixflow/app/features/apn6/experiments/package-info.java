// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * APN6 policies as experiments exercise them: the policy's experiment target. Talks only to the
 * feature's api.
 */
package org.sixflow.app.features.apn6.experiments;
