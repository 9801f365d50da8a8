// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import org.junit.Test;
import org.sixflow.app.testing.InterfaceProxies;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MultivaluedHashMap;
import javax.ws.rs.core.MultivaluedMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Why this filter exists: inside ONOS 2.7 Jersey 2.27 takes the media types a method without
 * {@code @Consumes} and without a body parameter accepts from the readers it has for Object, and
 * there (no JAXB providers) that is text/plain alone, so a GET or DELETE saying
 * {@code Content-Type: application/json} was answered 415. The REST tests' Jersey has JAXB's
 * readers for any type and cannot show it; the lab's test_rest_api asks the real ONOS.
 */
public class BodilessContentTypeFilterTest {

    private static MultivaluedMap<String, String> filtered(String method) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        headers.putSingle(HttpHeaders.CONTENT_TYPE, "application/json");
        headers.putSingle(HttpHeaders.ACCEPT, "application/json");
        ContainerRequestContext request = InterfaceProxies.proxy(ContainerRequestContext.class, (name, args) -> {
            switch (name) {
                case "getMethod":
                    return method;
                case "getHeaders":
                    return headers;
                default:
                    throw new UnsupportedOperationException(name);
            }
        });
        new BodilessContentTypeFilter().filter(request);
        return headers;
    }

    @Test
    public void methodsWithoutBodyLoseTheirContentTypeBeforeMatching() {
        assertTrue(BodilessContentTypeFilter.class.isAnnotationPresent(PreMatching.class));
        for (String method : new String[]{"GET", "HEAD", "DELETE", "OPTIONS"}) {
            MultivaluedMap<String, String> headers = filtered(method);
            assertFalse(method, headers.containsKey(HttpHeaders.CONTENT_TYPE));
            assertEquals(method, "application/json", headers.getFirst(HttpHeaders.ACCEPT));
        }
    }

    @Test
    public void writesKeepTheirs() {
        for (String method : JsonContentTypeFilter.WRITES) {
            assertEquals(method, "application/json", filtered(method).getFirst(HttpHeaders.CONTENT_TYPE));
        }
    }
}
