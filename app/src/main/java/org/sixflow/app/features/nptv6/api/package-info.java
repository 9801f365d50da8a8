// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * NPTv6 (RFC 6296) at a site border: a mapping of an internal prefix to one provider's prefix
 * on that provider's uplink, and RFC 6296's checksum-neutral arithmetic on it.
 * Formats and limits: docs/features/nptv6.md.
 */
package org.sixflow.app.features.nptv6.api;
