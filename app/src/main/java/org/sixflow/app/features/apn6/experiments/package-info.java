// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * APN6 policies as experiments exercise them: the policy's experiment target and the presets it
 * contributes (the IETF 109 study, the load grid). Of its feature, talks only to the api; the
 * presets build on the lab's shared fields (experiments' LabPresets).
 */
package org.sixflow.app.features.apn6.experiments;
