// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Features that register themselves: the OSGi whiteboard of {@link org.sixflow.app.api.SixflowFeature}
 * services, the catalog the REST application reads and reloads from, the codecs registered for them.
 */
package org.sixflow.app.rest.features;
