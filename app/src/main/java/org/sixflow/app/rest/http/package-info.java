// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What every request to Sixflow's web context goes through: the request limits, bounded JSON
 * bodies, content-type and parameter checks, security headers, and JSON error pages.
 */
package org.sixflow.app.rest.http;
