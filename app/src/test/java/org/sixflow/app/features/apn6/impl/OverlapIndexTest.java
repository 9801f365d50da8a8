// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Conflicts (same priority, intersecting) and shadows (higher priority, covering), including
 * the adversarial cases: nested prefixes, touching port ranges, full wildcards.
 */
public class OverlapIndexTest {

    private static Apn6Match.Builder src(String prefix) {
        return Apn6Match.builder().source(Ip6Prefix.valueOf(prefix));
    }

    private static OverlapIndex index(OverlapIndex.Entry... entries) {
        OverlapIndex index = new OverlapIndex();
        for (OverlapIndex.Entry e : entries) {
            index.add(e);
        }
        return index;
    }

    @Test
    public void nestedPrefixesAtTheSamePriorityConflictBothWays() {
        OverlapIndex index = index(new OverlapIndex.Entry("wide", 10, src("fd00:1::/32").build()));
        assertEquals("wide", index.conflict(10, src("fd00:1:2::/48").build(), null).orElseThrow().id());
        OverlapIndex reverse = index(new OverlapIndex.Entry("narrow", 10, src("fd00:1:2::/48").build()));
        assertEquals("narrow", reverse.conflict(10, src("fd00:1::/32").build(), null).orElseThrow().id());
        assertFalse(index.conflict(11, src("fd00:1:2::/48").build(), null).isPresent());
        assertFalse(index.conflict(10, src("fd00:2::/32").build(), null).isPresent());
    }

    @Test
    public void touchingPortRangesIntersectAdjacentOnesDoNot() {
        OverlapIndex index = index(new OverlapIndex.Entry("a", 5,
                src("fd00::/16").nextHeader(17).destinationPorts(PortRange.of(10, 20)).build()));
        assertTrue(index.conflict(5, src("fd00::/16").nextHeader(17)
                .destinationPorts(PortRange.of(20, 30)).build(), null).isPresent());
        assertFalse(index.conflict(5, src("fd00::/16").nextHeader(17)
                .destinationPorts(PortRange.of(21, 30)).build(), null).isPresent());
        assertFalse("different next headers never meet", index.conflict(5, src("fd00::/16").nextHeader(6)
                .destinationPorts(PortRange.of(10, 20)).build(), null).isPresent());
    }

    @Test
    public void fullWildcardConflictsWithEverythingAtItsPriority() {
        OverlapIndex index = index(new OverlapIndex.Entry("x", 1, src("fd00:9::/64").nextHeader(6).build()),
                                   new OverlapIndex.Entry("y", 2, src("2001:db8::/32").build()));
        assertEquals("x", index.conflict(1, Apn6Match.builder().build(), null).orElseThrow().id());
        assertEquals("y", index.conflict(2, Apn6Match.builder().build(), null).orElseThrow().id());
        assertFalse("an update does not conflict with itself",
                    index.conflict(1, Apn6Match.builder().build(), "x").isPresent());
    }

    @Test
    public void disjointIngressPortsNeverConflict() {
        ConnectPoint p1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
        ConnectPoint p2 = ConnectPoint.deviceConnectPoint("device:beijing/2");
        OverlapIndex index = index(new OverlapIndex.Entry("p1", 3, src("::/0").ingressPorts(Set.of(p1)).build()));
        assertFalse(index.conflict(3, src("::/0").ingressPorts(Set.of(p2)).build(), null).isPresent());
        assertTrue("all edges meets any port", index.conflict(3, src("::/0").build(), null).isPresent());
    }

    @Test
    public void higherPriorityCoverShadowsLowerPriorityPolicy() {
        OverlapIndex index = index(
                new OverlapIndex.Entry("broad", 100, src("fd00::/16").build()),
                new OverlapIndex.Entry("partial", 90, src("fd00:1::/32").nextHeader(17)
                        .destinationPorts(PortRange.of(1000, 2000)).build()),
                new OverlapIndex.Entry("low", 1, src("::/0").build()));
        Apn6Match candidate = src("fd00:1:2::/48").nextHeader(17).destinationPorts(PortRange.of(1500, 1600)).build();
        List<String> shadows = index.shadowing(50, candidate).stream().map(OverlapIndex.Entry::id)
                .collect(Collectors.toList());
        assertEquals(List.of("broad", "partial"), shadows);
        assertTrue(index.shadowing(100, candidate).isEmpty());
        // Only the full wildcard covers a full wildcard; narrower policies above it do not.
        assertEquals(List.of("low"), index.shadowing(0, Apn6Match.builder().build()).stream()
                .map(OverlapIndex.Entry::id).collect(Collectors.toList()));
    }

    @Test
    public void agreesWithPairwiseComparisonOnRandomPolicies() {
        Random random = new Random(42);
        OverlapIndex index = new OverlapIndex();
        List<OverlapIndex.Entry> all = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int length = 8 * random.nextInt(9);
            Ip6Prefix prefix = Ip6Prefix.valueOf(Ip6Address.valueOf(
                    new byte[]{(byte) 0xfd, 0, (byte) random.nextInt(4), (byte) random.nextInt(4), 0, 0, 0, 0,
                            0, 0, 0, 0, 0, 0, 0, 0}), length);
            int low = random.nextInt(100);
            Apn6Match match = Apn6Match.builder().source(prefix).nextHeader(17)
                    .destinationPorts(PortRange.of(low, low + random.nextInt(20))).build();
            OverlapIndex.Entry entry = new OverlapIndex.Entry("p" + i, random.nextInt(5), match);
            boolean expected = all.stream().anyMatch(e -> e.priority() == entry.priority()
                    && e.match().intersects(match));
            assertEquals("policy " + i, expected, index.conflict(entry.priority(), match, null).isPresent());
            if (!expected) {
                index.add(entry);
                all.add(entry);
            }
        }
        assertEquals(all.size(), index.size());
    }
}
