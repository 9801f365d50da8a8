// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.Test;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.TestStorageService;
import org.sixflow.app.features.msr6.impl.compile.Msr6RuleCompiler;
import org.sixflow.app.testing.ClusterStorageService;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Tree numbers are claimed lowest free first and come back when released.
 */
public class TreeNumbersTest {

    private static TreeNumbers numbers(int max) {
        ConsistentMap<Integer, String> claims = new TestStorageService().<Integer, String>consistentMapBuilder()
                .withName("numbers").withSerializer(Serializer.using(KryoNamespaces.BASIC)).build();
        return new TreeNumbers(claims, max);
    }

    @Test
    public void moreCreatesAndDeletesThanThereAreNumbersNeverRunOut() {
        TreeNumbers numbers = numbers(Msr6RuleCompiler.MAX_TREE_ID);
        // Three trees stay while 40,000 come and go, each replaced once on the way.
        assertEquals(1, numbers.claim("kept-1"));
        assertEquals(2, numbers.claim("kept-2"));
        assertEquals(3, numbers.claim("kept-3"));
        for (int i = 0; i < 40_000; i++) {
            String id = "tree-" + i;
            int first = numbers.claim(id);
            int replacement = numbers.claim(id);
            numbers.release(first, id);
            numbers.releaseAll(id);
            assertEquals(4, first);
            assertEquals(5, replacement);
        }
        assertEquals(4, numbers.lowestFree());
    }

    @Test
    public void theLowestFreeNumberComesFirst() {
        TreeNumbers numbers = numbers(10);
        assertEquals(1, numbers.claim("a"));
        assertEquals(2, numbers.claim("b"));
        assertEquals(3, numbers.claim("c"));
        numbers.release(2, "b");
        assertEquals(2, numbers.lowestFree());
        assertEquals(2, numbers.claim("d"));
        assertEquals(4, numbers.claim("e"));
    }

    @Test
    public void onlyTheHolderReleasesANumber() {
        TreeNumbers numbers = numbers(10);
        assertEquals(1, numbers.claim("a"));
        numbers.release(1, "b");
        numbers.releaseAll("b");
        assertEquals(2, numbers.claim("b"));
    }

    @Test
    public void anotherInstancesClaimIsSkippedBeforeAndAfterItsEventArrives() {
        ClusterStorageService storage = new ClusterStorageService();
        try {
            TreeNumbers one = clusterNumbers(storage);
            TreeNumbers two = clusterNumbers(storage.instance());
            assertEquals(1, one.claim("a"));
            // Whether or not two has heard of it, its claim does not take 1.
            assertEquals(2, two.claim("b"));
            storage.awaitEvents();
            assertEquals(3, one.lowestFree());
            two.release(2, "b");
            assertEquals("freed at once where released", 2, two.lowestFree());
            storage.awaitEvents();
            assertEquals(2, one.lowestFree());
            one.releaseAll("a");
            storage.awaitEvents();
            assertEquals(1, two.lowestFree());
            one.close();
            two.close();
        } finally {
            storage.shutdown();
        }
    }

    private static TreeNumbers clusterNumbers(ClusterStorageService storage) {
        return new TreeNumbers(storage.<Integer, String>consistentMapBuilder().withName("numbers")
                                       .withSerializer(Serializer.using(KryoNamespaces.BASIC)).build(), 10);
    }

    @Test
    public void whenEveryNumberIsHeldClaimsAreRefused() {
        TreeNumbers numbers = numbers(2);
        numbers.claim("a");
        numbers.claim("b");
        assertRejected(() -> numbers.claim("c"), "all 2 tree numbers are in use");
        numbers.releaseAll("a");
        assertEquals(1, numbers.claim("c"));
    }
}
