// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;

import java.util.Optional;

/**
 * An attachment as ONOS's BNG control plane hands it over (ONOS 2.7 has no implementation in
 * its API), unmetered unless {@link #metered} gives it rates as Sixflow's app does.
 */
final class TestAttachment implements BngMeteredAttachment {

    static final ApplicationId APP = new DefaultApplicationId(7, "org.example.bng");

    private final VlanId sTag;
    private final VlanId cTag;
    private final MacAddress mac;
    private final IpAddress ip;
    private final short sessionId;
    private final AttachmentType type;
    private final boolean active;
    private BngLineRate upstream;
    private BngLineRate downstream;

    TestAttachment(VlanId sTag, VlanId cTag, MacAddress mac, IpAddress ip, int sessionId, AttachmentType type,
                   boolean active) {
        this.sTag = sTag;
        this.cTag = cTag;
        this.mac = mac;
        this.ip = ip;
        this.sessionId = (short) sessionId;
        this.type = type;
        this.active = active;
    }

    static TestAttachment pppoe(int sVid, int cVid, String ip, int sessionId) {
        return new TestAttachment(VlanId.vlanId((short) sVid), VlanId.vlanId((short) cVid),
                                  MacAddress.valueOf("00:5b:00:00:00:01"), IpAddress.valueOf(ip), sessionId,
                                  AttachmentType.PPPoE, true);
    }

    /** This attachment with its line's rates (null: unmetered that way). */
    TestAttachment metered(BngLineRate up, BngLineRate down) {
        upstream = up;
        downstream = down;
        return this;
    }

    @Override
    public Optional<BngLineRate> upstreamRate() {
        return Optional.ofNullable(upstream);
    }

    @Override
    public Optional<BngLineRate> downstreamRate() {
        return Optional.ofNullable(downstream);
    }

    @Override
    public ApplicationId appId() {
        return APP;
    }

    @Override
    public VlanId sTag() {
        return sTag;
    }

    @Override
    public VlanId cTag() {
        return cTag;
    }

    @Override
    public MacAddress macAddress() {
        return mac;
    }

    @Override
    public IpAddress ipAddress() {
        return ip;
    }

    @Override
    public boolean lineActive() {
        return active;
    }

    @Override
    public AttachmentType type() {
        return type;
    }

    @Override
    public short pppoeSessionId() {
        return sessionId;
    }
}
