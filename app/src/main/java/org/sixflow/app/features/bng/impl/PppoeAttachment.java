// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.core.ApplicationId;
import org.sixflow.app.features.bng.api.BngLineMeter;
import org.sixflow.pipeconf.behaviour.bng.BngLineRate;
import org.sixflow.pipeconf.behaviour.bng.BngMeteredAttachment;
import org.sixflow.pipeconf.behaviour.bng.BngPrefixAttachment;

import java.util.Objects;
import java.util.Optional;

/**
 * One address of a PPPoE session as ONOS's BngProgrammable takes it (ONOS 2.7 has no
 * implementation of Attachment): an up session is one attachment per address family, both with
 * the same line and session (the session and encapsulation entries they share are the same
 * entries, written twice), and one more for a prefix delegated to it by DHCPv6, whose
 * {@link #prefixLength()} Sixflow's pipeconf reads. Its removal while the session goes on (a
 * delegated prefix released) is {@link #leavingOthers()}: only its own entries go. It carries its
 * line's meter ({@link #metered}), which the pipeconf writes to the line's meter cells.
 */
final class PppoeAttachment implements BngPrefixAttachment, BngMeteredAttachment {

    private final ApplicationId appId;
    private final int sVid;
    private final int cVid;
    private final MacAddress mac;
    private final IpAddress ip;
    private final int sessionId;
    private final int prefixLength;
    private final boolean othersStay;
    private final BngLineMeter meter;

    /** The subscriber's own address: its /64 (IPv6) or /32 (IPv4). */
    PppoeAttachment(ApplicationId appId, int sVid, int cVid, MacAddress mac, IpAddress ip, int sessionId) {
        this(appId, sVid, cVid, mac, ip, sessionId, ip != null && ip.isIp6() ? 64 : 32);
    }

    /** A prefix the subscriber routes behind the session (the address starts it). */
    PppoeAttachment(ApplicationId appId, int sVid, int cVid, MacAddress mac, IpAddress ip, int sessionId,
                    int prefixLength) {
        this(appId, sVid, cVid, mac, ip, sessionId, prefixLength, false, BngLineMeter.UNMETERED);
    }

    private PppoeAttachment(ApplicationId appId, int sVid, int cVid, MacAddress mac, IpAddress ip, int sessionId,
                            int prefixLength, boolean othersStay, BngLineMeter meter) {
        this.othersStay = othersStay;
        this.meter = meter;
        this.prefixLength = prefixLength;
        this.appId = appId;
        this.sVid = sVid;
        this.cVid = cVid;
        this.mac = mac;
        this.ip = ip;
        this.sessionId = sessionId;
    }

    @Override
    public ApplicationId appId() {
        return appId;
    }

    @Override
    public VlanId sTag() {
        return sVid == 0 ? VlanId.NONE : VlanId.vlanId((short) sVid);
    }

    @Override
    public VlanId cTag() {
        return cVid == 0 ? VlanId.NONE : VlanId.vlanId((short) cVid);
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
    public int prefixLength() {
        return prefixLength;
    }

    @Override
    public boolean othersStay() {
        return othersStay;
    }

    /**
     * This attachment as its removal while the session goes on: the entries the line shares with
     * the session's other attachments stay.
     *
     * @return the same attachment, leaving the others
     */
    PppoeAttachment leavingOthers() {
        return new PppoeAttachment(appId, sVid, cVid, mac, ip, sessionId, prefixLength, true, meter);
    }

    /**
     * This attachment with its line's meter.
     *
     * @param lineMeter the meter the configuration gives the line
     * @return the same attachment, metered so
     */
    PppoeAttachment metered(BngLineMeter lineMeter) {
        return new PppoeAttachment(appId, sVid, cVid, mac, ip, sessionId, prefixLength, othersStay, lineMeter);
    }

    /** The line's meter as configured. */
    BngLineMeter meter() {
        return meter;
    }

    @Override
    public Optional<BngLineRate> upstreamRate() {
        return meter.upstream().map(LineRates::inBytes);
    }

    @Override
    public Optional<BngLineRate> downstreamRate() {
        return meter.downstream().map(LineRates::inBytes);
    }

    @Override
    public boolean lineActive() {
        return true;
    }

    @Override
    public AttachmentType type() {
        return AttachmentType.PPPoE;
    }

    @Override
    public short pppoeSessionId() {
        return (short) sessionId;
    }

    /**
     * Which attachment it is; {@link #othersStay()} is how it is removed and the meter how its
     * line is metered, not which it is (a configuration change re-meters the same attachment).
     */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PppoeAttachment)) {
            return false;
        }
        PppoeAttachment other = (PppoeAttachment) o;
        return Objects.equals(appId, other.appId) && sVid == other.sVid && cVid == other.cVid
                && mac.equals(other.mac) && Objects.equals(ip, other.ip) && sessionId == other.sessionId
                && prefixLength == other.prefixLength;
    }

    @Override
    public int hashCode() {
        return Objects.hash(appId, sVid, cVid, mac, ip, sessionId, prefixLength);
    }

    @Override
    public String toString() {
        return "PPPoE " + sessionId + " " + mac + " S" + sVid + ".C" + cVid + " " + ip + "/" + prefixLength
                + (othersStay ? " (the session's other addresses stay)" : "")
                + (meter.isUnmetered() ? "" : ", " + meter);
    }
}
