// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Logs in to a JAAS realm, as ONOS's web container does for its own REST API: in ONOS the realm
 * is {@code karaf} (Karaf's JAAS configuration, its users in etc/users.properties or whatever
 * login modules the operator configured there), and a user's roles are its Karaf role principals.
 */
public final class JaasAuthenticator implements Authenticator {

    /** The class of Karaf's role principals (boot-delegated in Karaf: no package import needed). */
    public static final String KARAF_ROLE_PRINCIPAL = "org.apache.karaf.jaas.boot.principal.RolePrincipal";

    private final String realm;
    private final String rolePrincipalClass;

    /**
     * @param realm              the JAAS application name (ONOS's: karaf)
     * @param rolePrincipalClass the class whose principals name the user's roles
     */
    public JaasAuthenticator(String realm, String rolePrincipalClass) {
        this.realm = realm;
        this.rolePrincipalClass = rolePrincipalClass;
    }

    @Override
    public Optional<Identity> login(String user, String password) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        // JAAS loads the realm's login modules (Karaf's ProxyLoginModule) through the context class
        // loader and caches them per loader: give it one that sees them and never changes.
        thread.setContextClassLoader(JaasAuthenticator.class.getClassLoader());
        try {
            Subject subject = new Subject();
            LoginContext context;
            try {
                context = new LoginContext(realm, subject, callbacks -> answer(callbacks, user, password));
            } catch (LoginException | SecurityException e) {
                // No such realm: nothing was checked, and that is not the client's doing.
                throw new AuthenticationUnavailableException("Cannot check credentials in realm " + realm
                        + ": " + e.getMessage(), e);
            }
            try {
                context.login();
            } catch (LoginException refused) {
                // Wrong password, unknown user, or a login module that could not decide (a directory
                // down): refused, as ONOS's web container refuses them.
                return Optional.empty();
            }
            Set<String> roles = subject.getPrincipals().stream()
                    .filter(p -> p.getClass().getName().equals(rolePrincipalClass))
                    .map(Principal::getName)
                    .collect(Collectors.toSet());
            logout(context);
            return Optional.of(new Identity(user, roles));
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static void logout(LoginContext context) {
        try {
            context.logout();
        } catch (LoginException ignored) {
            // The login modules' state of a finished check: nothing holds it.
        }
    }

    private static void answer(Callback[] callbacks, String user, String password)
            throws UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (callback instanceof NameCallback) {
                ((NameCallback) callback).setName(user);
            } else if (callback instanceof PasswordCallback) {
                ((PasswordCallback) callback).setPassword(password.toCharArray());
            } else {
                throw new UnsupportedCallbackException(callback);
            }
        }
    }
}
