// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

import static org.sixflow.app.rest.TelemetryParameters.integer;

/**
 * One page of a list endpoint: {@code ?limit=} (1..max, a default per endpoint) and
 * {@code ?offset=} (from 0). The answer keeps its array under the usual key and adds
 * {@code "next"}: the offset of the next page, or null when this page is the last; lists held in
 * memory also say {@code "total"}. Public for the feature slices' resources (features/&lt;feature&gt;/rest).
 */
public final class Paging {

    /** Default page of the lists of trees, policies and experiments. */
    static final int DEFAULT_LIMIT = 100;
    /** Largest page of the lists of trees, policies and experiments. */
    public static final int MAX_LIMIT = 1000;
    /** Largest offset: deeper pages cost the database a scan; narrow the window instead. */
    static final int MAX_OFFSET = 1_000_000;

    private final int limit;
    private final int offset;

    private Paging(int limit, int offset) {
        this.limit = limit;
        this.offset = offset;
    }

    /**
     * Reads the parameters.
     *
     * @param limit        ?limit=, may be null
     * @param offset       ?offset=, may be null
     * @param defaultLimit the limit without ?limit=
     * @param maxLimit     the largest limit
     * @return the page
     * @throws IllegalArgumentException naming the parameter that is wrong
     */
    static Paging of(String limit, String offset, int defaultLimit, int maxLimit) {
        int l = integer("limit", limit, defaultLimit);
        int o = integer("offset", offset, 0);
        if (l < 1 || l > maxLimit) {
            throw new IllegalArgumentException("limit must be 1.." + maxLimit + ", got " + l);
        }
        if (o < 0 || o > MAX_OFFSET) {
            throw new IllegalArgumentException("offset must be 0.." + MAX_OFFSET + ", got " + o);
        }
        return new Paging(l, o);
    }

    /** The trees, policies and experiments pages: 100 by default, at most 1,000. */
    public static Paging of(String limit, String offset) {
        return of(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
    }

    int limit() {
        return limit;
    }

    int offset() {
        return offset;
    }

    /**
     * This page of a list held in full.
     *
     * @param all the list
     * @param <T> element type
     * @return the page's elements
     */
    public <T> List<T> slice(List<T> all) {
        int from = Math.min(offset, all.size());
        return all.subList(from, Math.min(all.size(), from + limit));
    }

    /**
     * Adds "next" and "total" for a list held in full.
     *
     * @param json  the answer
     * @param total how many the whole list holds
     * @return the answer
     */
    public ObjectNode describe(ObjectNode json, int total) {
        json.put("total", total);
        return next(json, (long) offset + limit < total);
    }

    /**
     * Adds "next" for a list read one more than the page (to learn whether more follow).
     *
     * @param json the answer
     * @param more whether more follow this page
     * @return the answer
     */
    ObjectNode next(ObjectNode json, boolean more) {
        if (more) {
            json.put("next", offset + limit);
        } else {
            json.putNull("next");
        }
        return json;
    }
}
