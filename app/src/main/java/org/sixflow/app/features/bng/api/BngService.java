// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sixflow's PPPoE control plane: it relays subscribers' control frames to the configured server
 * and back, follows each session, and installs a session's entries (ONOS's BngProgrammable) while
 * it is up.
 */
public interface BngService {

    /**
     * The lines frames came from, by name.
     *
     * @return the lines
     */
    List<BngLine> lines();

    /**
     * The sessions followed, by id: those going and those ended lately (kept for one echo
     * interval, so that their last frames are still relayed and seen here).
     *
     * @return the sessions
     */
    List<BngSession> sessions();

    /**
     * A session.
     *
     * @param id the controller's session id
     * @return the session, if followed
     */
    Optional<BngSession> session(long id);

    /**
     * A session's per-line counters, read from its device.
     *
     * @param id the controller's session id
     * @return the counters the device's pipeline has; empty when not up or unreadable
     */
    Map<BngCounterType, PiCounterCellData> counters(long id);

    /**
     * The MAC a BNG device answers its subscribers as (its {@code bngMac} annotation): where their
     * session frames go, and what its station check expects on them.
     *
     * @param device a device with subscriber lines
     * @return the MAC; empty when the device has none (or an unreadable one)
     */
    Optional<MacAddress> accessMac(DeviceId device);

    /**
     * Cuts a session: a PADT to the subscriber and to the server, its entries removed.
     *
     * @param id the controller's session id
     * @return false if no such session is going
     */
    boolean cut(long id);

    /**
     * What the relay dropped, by reason (malformed, unknown session, not from a line or the server…).
     *
     * @return counts by reason
     */
    Map<String, Long> dropped();

    /**
     * The configuration in force.
     *
     * @return the configuration
     */
    BngConfig config();

    /**
     * Replaces the configuration (written to the network config, which is where it is kept).
     *
     * @param config the new configuration
     */
    void configure(BngConfig config);
}
