// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import org.onosproject.net.ConnectPoint;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A subscriber line as the relay has seen it: the access port and VLAN ids its frames came with
 * (0: no tag), the data plane's line id from the last packet-in (packet_in.ingress_line; 0 until
 * the line map has the line), and what it sent.
 */
public final class BngLine {

    private final ConnectPoint port;
    private final int sVid;
    private final int cVid;
    private final int lineId;
    private final long controlFrames;
    private final long lastSeenMillis;
    private final BngLineMeter meter;

    /**
     * Creates a line's view, unmetered.
     *
     * @param port           the access port
     * @param sVid           S-tag VLAN id, 0 for none
     * @param cVid           C-tag VLAN id, 0 for none
     * @param lineId         the data plane's line id, 0 for none yet
     * @param controlFrames  control frames relayed from it
     * @param lastSeenMillis when its last frame came (epoch milliseconds)
     */
    public BngLine(ConnectPoint port, int sVid, int cVid, int lineId, long controlFrames, long lastSeenMillis) {
        this(port, sVid, cVid, lineId, controlFrames, lastSeenMillis, BngLineMeter.UNMETERED);
    }

    /**
     * A line with the meter the configuration gives it.
     *
     * @param port           where the line's frames come in
     * @param sVid           its S-VID (0: none)
     * @param cVid           its C-VID (0: none)
     * @param lineId         the data plane's line id, 0 until its line map has it
     * @param controlFrames  control frames seen from it
     * @param lastSeenMillis when it was last seen
     * @param meter          its meter (BngConfig's meterFor)
     */
    public BngLine(ConnectPoint port, int sVid, int cVid, int lineId, long controlFrames, long lastSeenMillis,
                   BngLineMeter meter) {
        this.port = checkNotNull(port);
        checkArgument(sVid >= 0 && sVid < 4095 && cVid >= 0 && cVid < 4095, "VLAN ids are 0..4094");
        this.sVid = sVid;
        this.cVid = cVid;
        this.lineId = lineId;
        this.controlFrames = controlFrames;
        this.lastSeenMillis = lastSeenMillis;
        this.meter = checkNotNull(meter);
    }

    public ConnectPoint port() {
        return port;
    }

    public int sVid() {
        return sVid;
    }

    public int cVid() {
        return cVid;
    }

    public int lineId() {
        return lineId;
    }

    public long controlFrames() {
        return controlFrames;
    }

    public long lastSeenMillis() {
        return lastSeenMillis;
    }

    /** The line's name: "device/port/S-VID/C-VID". */
    /**
     * The line's meter as configured ({@link BngLineMeter#UNMETERED} for none); written on the
     * data plane while the line has a session.
     *
     * @return the meter
     */
    public BngLineMeter meter() {
        return meter;
    }

    public String name() {
        return port.deviceId() + "/" + port.port() + "/" + sVid + "/" + cVid;
    }

    /** Whether another view is the same line (port and tags). */
    public boolean sameLine(BngLine other) {
        return port.equals(other.port) && sVid == other.sVid && cVid == other.cVid;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BngLine)) {
            return false;
        }
        BngLine other = (BngLine) o;
        return sameLine(other) && lineId == other.lineId && controlFrames == other.controlFrames
                && lastSeenMillis == other.lastSeenMillis && meter.equals(other.meter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, sVid, cVid, lineId, controlFrames, lastSeenMillis, meter);
    }

    @Override
    public String toString() {
        return name() + (lineId == 0 ? "" : " (line " + lineId + ")");
    }
}
