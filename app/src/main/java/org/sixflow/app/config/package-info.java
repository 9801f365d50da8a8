// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Network configuration of Sixflow devices and of the application.
 */
package org.sixflow.app.config;
