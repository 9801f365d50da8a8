// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

/**
 * The auth tests' assertion that a login could not be checked at all (JUnit 4.12 has no
 * assertThrows).
 */
final class Unavailable {

    private Unavailable() {
    }

    /**
     * @param login a login expected to throw
     * @return what it threw
     */
    static AuthenticationUnavailableException thrownBy(Runnable login) {
        try {
            login.run();
        } catch (AuthenticationUnavailableException e) {
            return e;
        }
        throw new AssertionError("expected AuthenticationUnavailableException");
    }
}
