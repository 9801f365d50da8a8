// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.app.testing.RawHttp;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * An id in a path is matched exactly or refused: {@code policies/x/}, {@code policies/x;x} and
 * {@code policies/x;jsessionid=1} used to delete or replace policy x (and trees/x the same).
 */
public class ExactPathFilterTest extends SixflowRestTest {

    private static final String POLICY = "{\"id\": \"x\", \"name\": \"x\", \"priority\": 100,"
            + " \"match\": {\"source\": \"fd00:1:1::/64\", \"nextHeader\": 17},"
            + " \"option\": {\"slaLevel\": 3, \"appId\": 4660, \"userId\": 7, \"flowId\": 1}}";

    private HttpResponse<String> send(String method, String path, String body) {
        // URI.create keeps the path as written (";" and a trailing "/" included).
        URI uri = URI.create(getBaseUri().toString().replaceAll("/$", "") + "/" + path);
        return body == null ? RawHttp.send(method, uri, null)
                : RawHttp.send(method, uri, body.getBytes(StandardCharsets.UTF_8), "Content-Type", "application/json");
    }

    private static void assertRefused(HttpResponse<String> answer, int status, String mentioned) {
        assertEquals(answer.body(), status, answer.statusCode());
        JsonObject error = Json.parse(answer.body()).asObject();
        assertEquals(status, error.getInt("code", 0));
        assertTrue(error.getString("message", ""), error.getString("message", "").contains(mentioned));
    }

    @Test
    public void oddSpellingsOfAnIdNeitherDeleteNorReplaceIt() {
        assertEquals(201, send("POST", "policies", POLICY).statusCode());
        assertRefused(send("DELETE", "policies/x/", null), 404, "trailing slash");
        assertRefused(send("DELETE", "policies/x;x", null), 400, "ask");
        assertRefused(send("DELETE", "policies/x;jsessionid=1", null), 400, "policies/x");
        assertRefused(send("DELETE", "policies//x", null), 404, "empty segments");
        assertRefused(send("PUT", "policies/x/", POLICY.replace("100", "200")), 404, "trailing slash");
        assertRefused(send("DELETE", "trees/x;x", null), 400, "parameter");
        assertRefused(send("GET", "trees/", null), 404, "trailing slash");
        // Untouched, and still answered at its exact path.
        assertEquals(100, Json.parse(send("GET", "policies/x", null).body()).asObject().getInt("priority", 0));
        assertEquals(204, send("DELETE", "policies/x", null).statusCode());
    }

    @Test
    public void anEncodedSemicolonIsPartOfTheIdNotAParameter() {
        assertEquals(404, send("DELETE", "policies/x%3Bx", null).statusCode());
        assertEquals(200, send("GET", "policies", null).statusCode());
    }
}
