// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.MacAddress;
import org.onosproject.net.PortNumber;

/**
 * One half of an attachment in a split BNG (docs/features/bng.md, split mode): the access switch
 * (bng-access) holds the line, the session and its sources, and passes the trunk's downstream
 * frames for the line to the line's port; the forwarding switch (bng-forward) maps the
 * subscriber's prefixes to the line and encapsulates into its session, out of the trunk towards
 * the access switch. ONOS's attachment says neither where a device's half is nor the trunk; this
 * does. Without it an attachment is written whole to the one device (single mode).
 */
public interface BngSplitAttachment extends BngPrefixAttachment {

    /** Which switch of the split a half is for. */
    enum Half {
        /** The switch facing the subscribers: line map, session, sources, pass-through. */
        ACCESS,
        /** The forwarding switch: prefixes to the line, the line's session downstream. */
        FORWARD
    }

    /**
     * Which half this is.
     *
     * @return the half
     */
    Half half();

    /**
     * The device's own port of the link between the two switches: on the access switch where
     * the line's downstream frames come in (passed to the line's port); on the forwarding
     * switch where they go out.
     *
     * @return the trunk port
     */
    PortNumber trunkPort();

    /**
     * The access switch's BNG MAC (its {@code bngMac}, the MAC the subscriber learnt in
     * discovery): the source of the forwarding switch's downstream frames, as the subscriber's
     * PPPoE client takes session frames only from its access concentrator's MAC.
     *
     * @return the MAC
     */
    MacAddress bngMac();
}
