// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import java.util.Optional;

/**
 * Checks a user name and password.
 */
public interface Authenticator {

    /**
     * @param user     the user name
     * @param password the password
     * @return the user's identity, or empty when the credentials are refused
     * @throws AuthenticationUnavailableException when they cannot be checked at all (no realm)
     */
    Optional<Identity> login(String user, String password);
}
