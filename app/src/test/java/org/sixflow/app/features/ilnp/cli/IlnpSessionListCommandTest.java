// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSessionService;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.List;

import static org.junit.Assert.assertEquals;

/** sixflow:ilnp-sessions's lines. */
public class IlnpSessionListCommandTest {

    private static IlnpSessionService service(List<IlnpSession> sessions, long sent) {
        return new IlnpSessionService() {
            @Override
            public List<IlnpSession> sessions(String site) {
                return sessions;
            }

            @Override
            public long updatesSent(String site) {
                return sent;
            }
        };
    }

    @Test
    public void eachSessionOnALineAfterTheSitesCount() {
        IlnpSession told = new IlnpSession("s", Ip6Address.valueOf("fd00:5:1::a"), Ip6Address.valueOf("fd00:5:c::b"),
                                           4, 0, 61_000, 3, 62_000,
                                           List.of(new LocatorUpdate.Entry(0x2001_0db8_0b01_0001L, 10, 600)),
                                           List.of(new LocatorUpdate.Entry(0xfd00_0005_000c_0001L, 10, 600)));
        IlnpSession quiet = new IlnpSession("s", Ip6Address.valueOf("fd00:5:1::c"), Ip6Address.valueOf("fd00:5:c::b"),
                                            12, 0, 1000, 0, 0, List.of(), List.of());
        assertEquals(List.of("site=s, sessions=2, updatesSent=3",
                             "  host=fd00:5:1::a, correspondent=fd00:5:c::b, nonce=4 octets,"
                                     + " lastSeen=1970-01-01T00:01:01Z, updatesSent=3, lastUpdate=1970-01-01T00:01:02Z,"
                                     + " advertised=[2001:db8:b01:1@10], theirs=[fd00:5:c:1@10]",
                             "  host=fd00:5:1::c, correspondent=fd00:5:c::b, nonce=12 octets,"
                                     + " lastSeen=1970-01-01T00:00:01Z, updatesSent=0, lastUpdate=none, advertised=[],"
                                     + " theirs=[]"),
                     IlnpSessionListCommand.lines("s", service(List.of(told, quiet), 3)));
        assertEquals(List.of("site=s, sessions=0, updatesSent=0"),
                     IlnpSessionListCommand.lines("s", service(List.of(), 0)));
    }
}
