// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A tree compiled to entries and PRE groups per device, checked against other trees' entries.
 */
package org.sixflow.app.features.msr6.impl.compile;
