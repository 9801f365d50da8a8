// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Pages of list endpoints: defaults, bounds, slices and the "next" offset.
 */
public class PagingTest {

    private static final List<Integer> TEN = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

    @Test
    public void defaultsAndBounds() {
        Paging page = Paging.of(null, " ");
        assertEquals(Paging.DEFAULT_LIMIT, page.limit());
        assertEquals(0, page.offset());
        assertRejected(() -> Paging.of("0", null), "limit must be 1..1000, got 0");
        assertRejected(() -> Paging.of("1001", null), "limit must be 1..1000");
        assertRejected(() -> Paging.of("x", null), "limit must be a whole number");
        assertRejected(() -> Paging.of(null, "-1"), "offset must be 0..1000000, got -1");
        assertRejected(() -> Paging.of("5", "1000001"), "offset");
        assertEquals(20, Paging.of(null, null, 20, 50).limit());
    }

    @Test
    public void slicesAndSaysWhereTheNextPageStarts() {
        ObjectMapper mapper = new ObjectMapper();
        Paging first = Paging.of("4", null);
        assertEquals(List.of(0, 1, 2, 3), first.slice(TEN));
        ObjectNode json = first.describe(mapper.createObjectNode(), TEN.size());
        assertEquals(4, json.get("next").asInt());
        assertEquals(10, json.get("total").asInt());
        Paging last = Paging.of("4", "8");
        assertEquals(List.of(8, 9), last.slice(TEN));
        assertTrue(last.describe(mapper.createObjectNode(), TEN.size()).get("next").isNull());
        assertEquals(List.of(), Paging.of("4", "12").slice(TEN));
        assertTrue(Paging.of("4", "4").next(mapper.createObjectNode(), false).get("next").isNull());
        assertEquals(8, Paging.of("4", "4").next(mapper.createObjectNode(), true).get("next").asInt());
    }
}
