// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.Link;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.TreeConstraints;

import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class TreeCostTest {

    private static final ConnectPoint SOURCE = ConnectPoint.deviceConnectPoint("device:a/9");
    private static final Set<ConnectPoint> RECEIVERS = Set.of(ConnectPoint.deviceConnectPoint("device:c/9"),
                                                              ConnectPoint.deviceConnectPoint("device:d/9"));

    private static Link link(String src, String dst, double latency) {
        return DefaultLink.builder().providerId(ProviderId.NONE).type(Link.Type.DIRECT)
                .src(ConnectPoint.deviceConnectPoint(src)).dst(ConnectPoint.deviceConnectPoint(dst))
                .annotations(DefaultAnnotations.builder().set(AnnotationKeys.LATENCY, Double.toString(latency)).build())
                .build();
    }

    private static Msr6Tree tree(Msr6TreeRequest.Algorithm algorithm, TreeConstraints.Metric metric, int msids,
                                 Link... links) {
        TreeConstraints constraints = TreeConstraints.of(0, 0, ImmutableSet.of(), ImmutableSet.of(), 0, metric);
        Msr6TreeRequest request = Msr6TreeRequest.of("t", SOURCE, Ip6Address.valueOf("ff3e::1"), RECEIVERS,
                                                     Msr6Mode.TE, algorithm, constraints);
        return new Msr6Tree(request, 1, List.of(links), Collections.nCopies(msids, Ip6Address.valueOf("fd00::1")),
                            1, Collections.emptyMap());
    }

    // a-b-c, b-d: three links; a-c, c-d: two, through c to d.
    private static final Link[] VIA_B = {link("device:a/1", "device:b/1", 1), link("device:b/2", "device:c/1", 1),
                                         link("device:b/3", "device:d/1", 1)};
    private static final Link[] VIA_C = {link("device:a/2", "device:c/2", 1), link("device:c/3", "device:d/2", 1)};

    @Test
    public void aSteinerTreeCostsItsLinksAndFewerMsidsBreakATie() {
        Msr6Tree three = tree(Msr6TreeRequest.Algorithm.STEINER, TreeConstraints.Metric.HOPS, 3, VIA_B);
        Msr6Tree two = tree(Msr6TreeRequest.Algorithm.STEINER, TreeConstraints.Metric.HOPS, 3, VIA_C);
        assertEquals(3, TreeCost.total(three), 0);
        assertTrue(TreeCost.cheaper(two, three));
        assertFalse(TreeCost.cheaper(three, two));
        assertFalse(TreeCost.cheaper(two, two));
        Msr6Tree twoFewerMsids = tree(Msr6TreeRequest.Algorithm.STEINER, TreeConstraints.Metric.HOPS, 2, VIA_C);
        assertTrue(TreeCost.cheaper(twoFewerMsids, two));
    }

    @Test
    public void shortestPathsCountEachReceiversPathBeforeTheWholeTree() {
        // Receivers' paths: via b 2 + 2 = 4 hops over 3 links; via c 1 + 2 = 3 hops over 2 links.
        Msr6Tree viaB = tree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, TreeConstraints.Metric.HOPS, 3, VIA_B);
        Msr6Tree viaC = tree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, TreeConstraints.Metric.HOPS, 3, VIA_C);
        assertEquals(4, TreeCost.toReceivers(viaB), 0);
        assertEquals(3, TreeCost.toReceivers(viaC), 0);
        assertTrue(TreeCost.cheaper(viaC, viaB));
        // A receiver the tree does not reach costs more than any path.
        Msr6Tree cut = tree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, TreeConstraints.Metric.HOPS, 2, VIA_C[0]);
        assertTrue(TreeCost.cheaper(viaB, cut));
    }

    @Test
    public void theRequestsMetricPricesTheLinks() {
        // More links, less latency: better in latency, worse in hops.
        Msr6Tree slow = tree(Msr6TreeRequest.Algorithm.STEINER, TreeConstraints.Metric.LATENCY, 3,
                             link("device:a/2", "device:c/2", 10), link("device:c/3", "device:d/2", 10));
        Msr6Tree fast = tree(Msr6TreeRequest.Algorithm.STEINER, TreeConstraints.Metric.LATENCY, 3,
                             link("device:a/1", "device:b/1", 1), link("device:b/2", "device:c/1", 1.5),
                             link("device:b/3", "device:d/1", 1));
        assertEquals(3.5, TreeCost.total(fast), 1e-12);
        assertTrue(TreeCost.cheaper(fast, slow));
    }
}
