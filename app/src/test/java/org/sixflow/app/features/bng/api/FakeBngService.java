// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.InstallStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A BNG service with one up session (id 7) and one ended (id 8), for the REST and CLI tests,
 * which talk only to the api.
 */
public final class FakeBngService implements BngService {

    public static final BngLine LINE = new BngLine(ConnectPoint.deviceConnectPoint("device:bng/1"), 100, 11, 2,
                                                   17, 1_700_000_000_000L);
    /** A line metered upstream only (1/2 Mbit/s), its downstream unmetered. */
    public static final BngLine METERED_LINE = new BngLine(
            ConnectPoint.deviceConnectPoint("device:bng/1"), 100, 12, 3, 4, 1_700_000_000_000L,
            new BngLineMeter(new BngMeterRate(1000, 3000, 2000, 6000), null));
    public final List<Long> cuts = new ArrayList<>();
    public BngConfig config = BngConfig.NONE;

    /** The sessions followed: up 7 and ended 8 to begin with; a test may change them. */
    public final List<BngSession> sessions = new ArrayList<>(List.of(
            BngSession.builder().id(7).line(LINE).sessionId(1).subscriberMac(MacAddress.valueOf("52:54:00:5f:00:01"))
                    .serverMac(MacAddress.valueOf("52:54:00:5f:00:02")).state(BngSessionState.UP).user("bob@sixflow")
                    .ipv4(Ip4Address.valueOf("10.33.0.10")).ipv6(Ip6Address.valueOf("fd33:0:0:2::10:2"))
                    .ipv6Prefix(Ip6Prefix.valueOf("fd33:0:0:2::/64")).status(InstallStatus.INSTALLED)
                    .startedMillis(1_700_000_000_000L).build(),
            BngSession.builder().id(8).line(LINE).sessionId(3).subscriberMac(MacAddress.valueOf("52:54:00:5f:00:01"))
                    .serverMac(MacAddress.valueOf("52:54:00:5f:00:02")).state(BngSessionState.ENDED)
                    .endReason("PAP Authenticate-Nak from the server").startedMillis(1_700_000_000_000L).build()));
    /** What {@link #accessMac} answers for device:bng. */
    public MacAddress accessMac = MacAddress.valueOf("00:aa:00:00:0b:01");

    @Override
    public List<BngLine> lines() {
        return List.of(LINE, METERED_LINE);
    }

    @Override
    public List<BngSession> sessions() {
        return sessions;
    }

    @Override
    public Optional<BngSession> session(long id) {
        return sessions.stream().filter(s -> s.id() == id).findFirst();
    }

    @Override
    public Map<BngCounterType, PiCounterCellData> counters(long id) {
        return id == 7 ? Map.of(BngCounterType.UPSTREAM_RX, new PiCounterCellData(5, 600)) : Map.of();
    }

    @Override
    public Optional<MacAddress> accessMac(DeviceId device) {
        return device.equals(LINE.port().deviceId()) ? Optional.ofNullable(accessMac) : Optional.empty();
    }

    @Override
    public boolean cut(long id) {
        cuts.add(id);
        return id == 7;
    }

    @Override
    public Map<String, Long> dropped() {
        return Map.of("malformed", 2L);
    }

    @Override
    public BngConfig config() {
        return config;
    }

    @Override
    public void configure(BngConfig config) {
        this.config = config;
    }
}
