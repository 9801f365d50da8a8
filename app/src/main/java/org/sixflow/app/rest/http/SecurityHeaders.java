// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import javax.servlet.http.HttpServletResponse;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The security headers of Sixflow's web context. Every answer says nosniff, may not be framed
 * and carries a Content-Security-Policy: REST answers (JSON, never a page) allow nothing at all;
 * the dashboard's page allows its own files and, for the one inline script and style Angular's
 * build emits and the styles Angular adds at run time, a nonce made afresh for each answer
 * (Angular reads it from the ngCspNonce attribute of the root element).
 */
public final class SecurityHeaders {

    /** Where the built dashboard's index.html asks for the nonce (web/src/index.html). */
    public static final String NONCE_PLACEHOLDER = "SIXFLOW_CSP_NONCE";
    /** The policy of REST answers and other non-page files: nothing may load or frame them. */
    public static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
            + "form-action 'none'";

    private static final SecureRandom RANDOM = new SecureRandom();

    private SecurityHeaders() {
    }

    /**
     * Sets the headers every answer carries, with the REST policy.
     *
     * @param response the answer
     */
    public static void apply(HttpServletResponse response) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Content-Security-Policy", API_POLICY);
    }

    /**
     * Returns a fresh nonce for one page.
     *
     * @return 128 random bits, base64
     */
    public static String nonce() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * Returns the dashboard page's policy. Scripts, styles, fonts, images and API calls come from
     * the same origin; inline scripts only with the page's nonce. Inline style elements and
     * attributes are allowed: the topology graph library inserts a style element of its own (no
     * nonce can reach it, and a nonce in the directive would void 'unsafe-inline'), and the chart
     * library sets style attributes in its tooltips. Styles cannot run code; scripts stay nonce-only.
     *
     * @param nonce the page's nonce
     * @return the policy
     */
    public static String dashboardPolicy(String nonce) {
        return "default-src 'self'; script-src 'self' 'nonce-" + nonce + "'; style-src-elem 'self' 'unsafe-inline'; "
                + "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
                + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    }
}
