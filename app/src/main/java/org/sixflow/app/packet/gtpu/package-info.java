// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The GTP-U wire format (3GPP TS 29.281 section 5) as the controller reads and writes it: the
 * header and a punted GTP-U frame. Shared by the GTP-U feature and the experiments' probes; it
 * names no other Sixflow package, so neither of them reaches into the other.
 */
package org.sixflow.app.packet.gtpu;
