// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import java.security.Principal;

/**
 * A request whose credentials were accepted: it names its user and roles as a container's
 * authentication would (getUserPrincipal, getRemoteUser, isUserInRole, getAuthType).
 */
final class AuthenticatedRequest extends HttpServletRequestWrapper {

    private final Identity identity;

    AuthenticatedRequest(HttpServletRequest request, Identity identity) {
        super(request);
        this.identity = identity;
    }

    @Override
    public Principal getUserPrincipal() {
        return identity;
    }

    @Override
    public String getRemoteUser() {
        return identity.getName();
    }

    @Override
    public boolean isUserInRole(String role) {
        return identity.hasRole(role);
    }

    @Override
    public String getAuthType() {
        return HttpServletRequest.BASIC_AUTH;
    }
}
