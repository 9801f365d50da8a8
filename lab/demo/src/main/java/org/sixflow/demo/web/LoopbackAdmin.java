// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;
import java.security.Principal;

/**
 * Every request as ONOS's admin user. In ONOS, Karaf's Jetty asks each request for a user and
 * password (onos/rocks) and ONOS's authorization filter lets admins write; the demo listens on
 * loopback only and asks for nothing, so it presents each request as that admin instead of
 * switching the filter off.
 */
public final class LoopbackAdmin implements Filter {

    /** The user requests are presented as. */
    static final String USER = "onos";
    private static final Principal PRINCIPAL = () -> USER;

    @Override
    public void init(FilterConfig config) {
        // nothing to configure
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(new HttpServletRequestWrapper((HttpServletRequest) request) {
            @Override
            public Principal getUserPrincipal() {
                return PRINCIPAL;
            }

            @Override
            public String getRemoteUser() {
                return USER;
            }

            @Override
            public String getAuthType() {
                return HttpServletRequest.BASIC_AUTH;
            }

            @Override
            public boolean isUserInRole(String role) {
                return "admin".equals(role) || "viewer".equals(role);
            }
        }, response);
    }

    @Override
    public void destroy() {
        // nothing held
    }
}
