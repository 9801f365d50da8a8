// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * IPv6 routes Sixflow computes and installs, their service and events. Formats: docs/features/routing.md.
 */
package org.sixflow.app.features.routing.api;
