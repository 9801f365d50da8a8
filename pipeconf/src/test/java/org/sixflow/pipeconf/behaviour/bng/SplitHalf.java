// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.PortNumber;

import java.util.Optional;

/** One half of a split attachment, as the app hands it over: a test attachment, its half, the trunk and BNG MAC. */
final class SplitHalf implements BngSplitAttachment, BngMeteredAttachment {

    private final TestAttachment of;
    private final Half half;
    private final PortNumber trunk;
    private final MacAddress bngMac;

    SplitHalf(TestAttachment of, Half half, PortNumber trunk, MacAddress bngMac) {
        this.of = of;
        this.half = half;
        this.trunk = trunk;
        this.bngMac = bngMac;
    }

    @Override
    public Optional<BngLineRate> upstreamRate() {
        return of.upstreamRate();
    }

    @Override
    public Optional<BngLineRate> downstreamRate() {
        return of.downstreamRate();
    }

    @Override
    public Half half() {
        return half;
    }

    @Override
    public PortNumber trunkPort() {
        return trunk;
    }

    @Override
    public MacAddress bngMac() {
        return bngMac;
    }

    @Override
    public int prefixLength() {
        return of.ipAddress().isIp6() ? 64 : 32;
    }

    @Override
    public ApplicationId appId() {
        return of.appId();
    }

    @Override
    public VlanId sTag() {
        return of.sTag();
    }

    @Override
    public VlanId cTag() {
        return of.cTag();
    }

    @Override
    public MacAddress macAddress() {
        return of.macAddress();
    }

    @Override
    public IpAddress ipAddress() {
        return of.ipAddress();
    }

    @Override
    public boolean lineActive() {
        return of.lineActive();
    }

    @Override
    public AttachmentType type() {
        return of.type();
    }

    @Override
    public short pppoeSessionId() {
        return of.pppoeSessionId();
    }
}
