// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.ConnectPoint;

import java.util.Objects;

/**
 * What one uplink of the border router carried during a trial (its counters' difference): the
 * share of the outbound packets confirms the load sharing, as the thesis's link counters did.
 */
public final class UplinkCount {

    private final ConnectPoint uplink;
    private final long packetsOut;
    private final long packetsIn;
    private final double shareOut;

    /**
     * Creates a count.
     *
     * @param uplink     the uplink
     * @param packetsOut packets out by it
     * @param packetsIn  packets in by it
     * @param shareOut   its share of all uplinks' packets out, 0..1 (0 when none left)
     */
    public UplinkCount(ConnectPoint uplink, long packetsOut, long packetsIn, double shareOut) {
        this.uplink = Objects.requireNonNull(uplink);
        this.packetsOut = packetsOut;
        this.packetsIn = packetsIn;
        this.shareOut = shareOut;
    }

    public ConnectPoint uplink() {
        return uplink;
    }

    public long packetsOut() {
        return packetsOut;
    }

    public long packetsIn() {
        return packetsIn;
    }

    public double shareOut() {
        return shareOut;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof UplinkCount)) {
            return false;
        }
        UplinkCount that = (UplinkCount) o;
        return uplink.equals(that.uplink) && packetsOut == that.packetsOut && packetsIn == that.packetsIn
                && shareOut == that.shareOut;
    }

    @Override
    public int hashCode() {
        return Objects.hash(uplink, packetsOut, packetsIn, shareOut);
    }
}
