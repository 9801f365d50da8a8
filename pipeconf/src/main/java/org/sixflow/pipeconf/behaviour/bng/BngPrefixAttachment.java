// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.net.behaviour.BngProgrammable.Attachment;

/**
 * An attachment whose address stands for a prefix the subscriber routes behind its session (a
 * prefix delegated by DHCPv6, RFC 8415 §6.3) rather than one of its own addresses. ONOS's
 * attachment carries one IP address; this says how many of its bits the line owns, so the
 * source and downstream entries are written for the whole prefix.
 */
public interface BngPrefixAttachment extends Attachment {

    /**
     * The length of the prefix {@link #ipAddress()} starts: 1..64 for IPv6 (the BNG keys IPv6
     * prefixes on their upper 64 bits), 1..32 for IPv4.
     *
     * @return the prefix length
     */
    int prefixLength();
}
