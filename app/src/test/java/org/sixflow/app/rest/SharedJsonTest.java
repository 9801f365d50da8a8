// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;

/**
 * An answer's JSON is written once for every request with the same parameters, and again for a
 * request whose parameters differ, even when the service answered both with one object.
 */
public class SharedJsonTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final SharedJson shared = new SharedJson();
    private final AtomicInteger written = new AtomicInteger();

    private String json(Object answer, String device) {
        Response r = shared.ok(answer, List.of(device), () -> {
            written.incrementAndGet();
            ObjectNode root = mapper.createObjectNode().put("device", device);
            root.putArray("points");
            return root;
        }, mapper);
        assertEquals(200, r.getStatus());
        return new String((byte[]) r.getEntity(), StandardCharsets.UTF_8);
    }

    @Test
    public void oneAnswerIsWrittenOnceForIdenticalRequests() {
        List<Integer> answer = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            assertEquals("{\"device\":\"device:a\",\"points\":[]}", json(answer, "device:a"));
        }
        assertEquals(1, written.get());
        // Another answer (another query, or the same one after the service's sharing time).
        json(new ArrayList<>(), "device:a");
        assertEquals(2, written.get());
    }

    @Test
    public void oneEmptyAnswerServingTwoRequestsGetsEachItsOwnJson() {
        List<Integer> empty = List.of();
        assertEquals("{\"device\":\"device:a\",\"points\":[]}", json(empty, "device:a"));
        assertEquals("{\"device\":\"device:b\",\"points\":[]}", json(empty, "device:b"));
        assertEquals("{\"device\":\"device:a\",\"points\":[]}", json(empty, "device:a"));
        assertEquals(3, written.get());
    }
}
