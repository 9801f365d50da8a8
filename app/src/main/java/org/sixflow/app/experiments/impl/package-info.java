// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The experiment manager, its runs, the probe report collector and the PostgreSQL store.
 */
package org.sixflow.app.experiments.impl;
