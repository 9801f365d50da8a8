// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

/**
 * Where a PPPoE session is, as the relay follows it (RFC 2516, RFC 1661's phases).
 */
public enum BngSessionState {
    /** PADS gave the session id; LCP not opened yet. */
    LINK,
    /** LCP opened (Configure-Ack both ways); the server asked for PAP or CHAP, no answer yet. */
    AUTHENTICATING,
    /** Authenticated (or no authentication asked); neither IPCP nor IPv6CP opened yet. */
    NETWORK,
    /** IPCP and/or IPv6CP opened: its entries are in the data plane (see the install status). */
    UP,
    /** Ended (PADT, LCP Terminate, refused authentication, echo loss, cut); entries removed. */
    ENDED
}
