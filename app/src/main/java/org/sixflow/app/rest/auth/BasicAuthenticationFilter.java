// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lets a request in only with HTTP basic credentials that ONOS's realm (karaf) accepts for a user
 * with one of ONOS's roles (admin, viewer): what web.xml's security constraint did through the
 * container, which ran a JAAS login for every request. Answers, as JSON: 401 with a challenge when
 * credentials are missing, malformed or refused; 403 for a user with neither role; 503 when the
 * realm cannot be asked. Each outcome is remembered for a few seconds ({@link CachedAuthenticator}).
 */
public class BasicAuthenticationFilter implements Filter {

    /** ONOS's JAAS realm. */
    public static final String REALM = "karaf";
    /** The roles that may use Sixflow (ONOS's). */
    public static final Set<String> ROLES = Set.of("admin", "viewer");
    /** The challenge of a 401. */
    public static final String CHALLENGE = "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"";

    private static final Logger log = LoggerFactory.getLogger(BasicAuthenticationFilter.class);
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);
    private final Authenticator authenticator;

    /** The filter web.xml declares: ONOS's realm through JAAS, answers remembered. */
    public BasicAuthenticationFilter() {
        this(new CachedAuthenticator(new JaasAuthenticator(REALM, JaasAuthenticator.KARAF_ROLE_PRINCIPAL),
                CachedAuthenticator.DEFAULT_TTL));
    }

    /**
     * @param authenticator what checks the credentials
     */
    public BasicAuthenticationFilter(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public void init(FilterConfig config) {
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest) || !(response instanceof HttpServletResponse)) {
            throw new ServletException("Sixflow's web context serves HTTP only");
        }
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse answer = (HttpServletResponse) response;
        Optional<BasicCredentials> credentials = BasicCredentials.parse(http.getHeader("Authorization"));
        if (credentials.isEmpty()) {
            challenge(answer);
            return;
        }
        Optional<Identity> identity;
        try {
            identity = authenticator.login(credentials.get().user(), credentials.get().password());
        } catch (AuthenticationUnavailableException e) {
            long now = System.nanoTime();
            long last = lastWarning.get();
            if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
                log.warn("Cannot check REST credentials (at most one warning a minute): {}", e.getMessage());
            }
            JsonErrorServlet.write(answer, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "Sign-in is unavailable: ONOS's realm " + REALM + " cannot be asked");
            return;
        }
        if (identity.isEmpty()) {
            challenge(answer);
            return;
        }
        if (identity.get().roles().stream().noneMatch(ROLES::contains)) {
            JsonErrorServlet.write(answer, HttpServletResponse.SC_FORBIDDEN,
                    "Your ONOS user has neither role admin nor viewer");
            return;
        }
        chain.doFilter(new AuthenticatedRequest(http, identity.get()), response);
    }

    private static void challenge(HttpServletResponse answer) throws IOException {
        answer.setHeader("WWW-Authenticate", CHALLENGE);
        JsonErrorServlet.write(answer, HttpServletResponse.SC_UNAUTHORIZED,
                "Sign in: ONOS's user name and password (HTTP basic authentication)");
    }

    @Override
    public void destroy() {
    }
}
