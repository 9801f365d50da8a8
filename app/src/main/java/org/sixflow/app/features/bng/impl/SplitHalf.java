// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.bng.api.BngLineMeter;
import org.sixflow.pipeconf.behaviour.bng.BngLineRate;
import org.sixflow.pipeconf.behaviour.bng.BngMeteredAttachment;
import org.sixflow.pipeconf.behaviour.bng.BngSplitAttachment;

import java.util.Objects;
import java.util.Optional;

/**
 * One half of a session's attachment in a split BNG (BngConfig's forwardDevice): the attachment
 * as it is, with which device's half it is, that device's port of the trunk between the two and
 * the access device's BNG MAC (Sixflow's pipeconf reads them, {@link BngSplitAttachment}).
 */
final class SplitHalf implements BngSplitAttachment, BngMeteredAttachment {

    private final PppoeAttachment whole;
    private final Half half;
    private final PortNumber trunkPort;
    private final MacAddress bngMac;

    SplitHalf(PppoeAttachment whole, Half half, PortNumber trunkPort, MacAddress bngMac) {
        this.whole = whole;
        this.half = half;
        this.trunkPort = trunkPort;
        this.bngMac = bngMac;
    }

    @Override
    public Half half() {
        return half;
    }

    @Override
    public PortNumber trunkPort() {
        return trunkPort;
    }

    @Override
    public MacAddress bngMac() {
        return bngMac;
    }

    @Override
    public int prefixLength() {
        return whole.prefixLength();
    }

    @Override
    public boolean othersStay() {
        return whole.othersStay();
    }

    /**
     * This half as its removal while the session goes on ({@link PppoeAttachment#leavingOthers()}).
     *
     * @return the same half, leaving the others
     */
    SplitHalf leavingOthers() {
        return new SplitHalf(whole.leavingOthers(), half, trunkPort, bngMac);
    }

    /**
     * This half with the line's meter (the pipeconf writes the direction its half holds).
     *
     * @param meter the line's meter
     * @return the same half, metered so
     */
    SplitHalf metered(BngLineMeter meter) {
        return new SplitHalf(whole.metered(meter), half, trunkPort, bngMac);
    }

    @Override
    public Optional<BngLineRate> upstreamRate() {
        return whole.upstreamRate();
    }

    @Override
    public Optional<BngLineRate> downstreamRate() {
        return whole.downstreamRate();
    }

    @Override
    public ApplicationId appId() {
        return whole.appId();
    }

    @Override
    public VlanId sTag() {
        return whole.sTag();
    }

    @Override
    public VlanId cTag() {
        return whole.cTag();
    }

    @Override
    public MacAddress macAddress() {
        return whole.macAddress();
    }

    @Override
    public IpAddress ipAddress() {
        return whole.ipAddress();
    }

    @Override
    public boolean lineActive() {
        return whole.lineActive();
    }

    @Override
    public AttachmentType type() {
        return whole.type();
    }

    @Override
    public short pppoeSessionId() {
        return whole.pppoeSessionId();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SplitHalf)) {
            return false;
        }
        SplitHalf other = (SplitHalf) o;
        return whole.equals(other.whole) && half == other.half && trunkPort.equals(other.trunkPort)
                && bngMac.equals(other.bngMac);
    }

    @Override
    public int hashCode() {
        return Objects.hash(whole, half, trunkPort, bngMac);
    }

    @Override
    public String toString() {
        return whole + " (" + half + " half, trunk port " + trunkPort + ")";
    }
}
