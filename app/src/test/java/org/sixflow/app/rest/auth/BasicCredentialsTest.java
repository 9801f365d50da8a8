// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

public class BasicCredentialsTest {

    private static String basic(String text) {
        return "Basic " + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    public void readsTheUserAndPassword() {
        BasicCredentials credentials = BasicCredentials.parse(basic("onos:rocks")).orElseThrow();
        assertEquals("onos", credentials.user());
        assertEquals("rocks", credentials.password());
    }

    @Test
    public void theSchemeIsCaseInsensitiveAndThePasswordMayHoldColonsOrBeEmpty() {
        assertEquals("a:b:c", BasicCredentials.parse("bAsIc  " + basic("u:a:b:c").substring(6)).orElseThrow().password());
        assertEquals("", BasicCredentials.parse(basic("u:")).orElseThrow().password());
        assertEquals("é", BasicCredentials.parse(basic("é:x")).orElseThrow().user());
    }

    @Test
    public void malformedHeadersAreNoCredentials() {
        byte[] latin1 = "caf\u00e9:x".getBytes(StandardCharsets.ISO_8859_1);
        for (String header : new String[]{null, "", "Basic", "Basic ", "Bearer abc", "Basic !!!notbase64",
                basic("no-colon"), basic(":no-user"), "Basic " + Base64.getEncoder().encodeToString(latin1),
                "Basicb25vczpyb2Nrcw=="}) {
            assertFalse(String.valueOf(header), BasicCredentials.parse(header).isPresent());
        }
    }
}
