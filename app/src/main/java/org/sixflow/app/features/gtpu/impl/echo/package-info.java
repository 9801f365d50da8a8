// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U path management (3GPP TS 29.281 section 7.2): the controller answers the Echo Requests
 * the data plane punts from its N3 addresses with Echo Responses, sent back out of the port they
 * came in by.
 */
package org.sixflow.app.features.gtpu.impl.echo;
