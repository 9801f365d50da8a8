// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.net.behaviour.BngProgrammable.Attachment;

/**
 * An attachment whose address stands for a prefix the subscriber routes behind its session (a
 * prefix delegated by DHCPv6, RFC 8415 §6.3) rather than one of its own addresses. ONOS's
 * attachment carries one IP address; this says how many of its bits the line owns, so the
 * source and downstream entries are written for the whole prefix, and whether the session keeps
 * its other addresses when this one is removed.
 */
public interface BngPrefixAttachment extends Attachment {

    /**
     * The length of the prefix {@link #ipAddress()} starts: 1..64 for IPv6 (the BNG keys IPv6
     * prefixes on their upper 64 bits), 1..32 for IPv4.
     *
     * @return the prefix length
     */
    int prefixLength();

    /**
     * Whether the session goes on without this attachment (a delegated prefix released or
     * expired): its removal then takes only its own entries (source, prefix), leaving those its
     * line shares with the session's other attachments (line map, session, line session). The
     * default, false, is the removal of a session's attachments at its end, which takes them all.
     *
     * @return true to leave the line's shared entries
     */
    default boolean othersStay() {
        return false;
    }
}
