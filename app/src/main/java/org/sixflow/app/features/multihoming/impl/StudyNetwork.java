// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyProtocol;
import org.sixflow.app.features.multihoming.api.SwitchLatency;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a study run asks of the network through ONOS (a fake in unit tests). */
interface StudyNetwork {

    /**
     * Installs what a protocol's trials need (nothing for IPv6) and waits until the devices hold it.
     *
     * @param study    the study
     * @param protocol the protocol
     * @param timeout  how long to wait for the install
     * @throws StudyFailure saying why the protocol cannot be measured (then nothing of it stays)
     */
    void install(MultihomingStudy study, StudyProtocol protocol, Duration timeout) throws StudyFailure;

    /**
     * Removes what {@link #install} installed for the protocol; what is not there is skipped.
     *
     * @param protocol the protocol
     */
    void uninstall(StudyProtocol protocol);

    /**
     * Gives the ILNP site the weights of a sharing level and waits until the device holds them.
     *
     * @param ilnp    the ILNP protocol
     * @param weights per uplink, in the site's uplink order
     * @param timeout how long to wait
     * @throws StudyFailure if the weights are refused or not installed in time
     */
    void share(StudyProtocol ilnp, List<Integer> weights, Duration timeout) throws StudyFailure;

    /** ONOS's routes. */
    int routes();

    /** The flow entries ONOS read from each available switch. */
    Map<DeviceId, Integer> entries();

    /**
     * The routes ONOS has written to an available switch and not yet seen there (REQUESTED): none
     * once its view has caught up with the switches.
     */
    int unconfirmedRoutes();

    /**
     * Each uplink's packet counts (out, in): its port's counters where its device counts ports,
     * else, for ILNP, the site's own per-uplink counters; none where neither can be read.
     *
     * @param protocol the protocol
     * @param uplinks  the study's uplinks
     * @return the counters by uplink
     */
    Map<ConnectPoint, long[]> uplinkCounters(StudyProtocol protocol, Set<ConnectPoint> uplinks);

    /**
     * Each switch's reported per-packet time of plain IPv6 forwarding in a window.
     *
     * @param from window start
     * @param to   window end
     * @return one per switch with samples
     */
    List<SwitchLatency> switchLatency(Instant from, Instant to);

    /**
     * Every switch's route to an address.
     *
     * @param protocol   the protocol
     * @param address    the address (or locator prefix) the correspondent sees the site by
     * @param siteDevice the border router
     * @return the routes
     */
    SiteRoutes siteRoutes(MultihomingProtocol protocol, String address, DeviceId siteDevice);
}
