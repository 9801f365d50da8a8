// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U signalling at the routers' N3 addresses other than echo (3GPP TS 29.281 section 7): the
 * Error Indication the controller sends for a G-PDU whose TEID no tunnel has, and what it does
 * with the Error Indications, End Markers and Supported Extension Headers Notifications peers
 * send. The data plane punts all of them (gtpu.p4).
 */
package org.sixflow.app.features.gtpu.impl.signalling;
