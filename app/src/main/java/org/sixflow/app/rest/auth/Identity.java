// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import java.security.Principal;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A signed-in user and the realm's roles for them.
 */
public final class Identity implements Principal {

    private final String user;
    private final Set<String> roles;

    /**
     * @param user  the user name the realm accepted
     * @param roles the roles the realm gave that user
     */
    public Identity(String user, Set<String> roles) {
        this.user = requireNonNull(user);
        this.roles = Set.copyOf(roles);
    }

    @Override
    public String getName() {
        return user;
    }

    /**
     * @return the roles the realm gave the user
     */
    public Set<String> roles() {
        return roles;
    }

    /**
     * @param role a role name
     * @return whether the user has it
     */
    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    @Override
    public String toString() {
        return user;
    }
}
