// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U tunnels as experiments exercise them: the tunnel's experiment target (its classes' shape,
 * the check against the tunnel as a run is planned) and draft-murakami's preset. Of its feature,
 * talks only to the api; the preset builds on the lab's shared fields (experiments' LabPresets).
 */
package org.sixflow.app.features.gtpu.experiments;
