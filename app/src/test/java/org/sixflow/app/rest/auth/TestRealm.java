// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A JAAS realm named karaf for tests, as Karaf's is seen from a login: a login module that knows
 * onos/rocks (admin, viewer) and guest/guest (guest), and gives Karaf's own user and role principals.
 * Installed as the JVM's JAAS configuration while a test runs (the previous one put back after).
 */
public final class TestRealm {

    /** Logins asked of the realm since it was installed. */
    public static final AtomicInteger LOGINS = new AtomicInteger();

    private static final Map<String, String> PASSWORDS = Map.of("onos", "rocks", "guest", "guest");
    private static final Map<String, List<String>> ROLES = Map.of("onos", List.of("admin", "viewer"),
            "guest", List.of("guest"));

    private final Configuration before;

    private TestRealm(Configuration before) {
        this.before = before;
    }

    /**
     * @return the installed realm; {@link #close} puts the previous configuration back
     */
    public static TestRealm install() {
        Configuration before;
        try {
            before = Configuration.getConfiguration();
        } catch (SecurityException none) {
            before = null;
        }
        Configuration.setConfiguration(new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return name.equals("karaf") ? new AppConfigurationEntry[]{new AppConfigurationEntry(
                        Module.class.getName(), AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of())}
                        : null;
            }
        });
        LOGINS.set(0);
        return new TestRealm(before);
    }

    /** Puts the JVM's previous JAAS configuration back. */
    public void close() {
        Configuration.setConfiguration(before);
    }

    /** The realm's login module (public: JAAS instantiates it by name). */
    public static final class Module implements LoginModule {
        private Subject subject;
        private CallbackHandler handler;
        private String user;

        @Override
        public void initialize(Subject subject, CallbackHandler handler, Map<String, ?> shared, Map<String, ?> options) {
            this.subject = subject;
            this.handler = handler;
        }

        @Override
        public boolean login() throws LoginException {
            LOGINS.incrementAndGet();
            NameCallback name = new NameCallback("user");
            PasswordCallback password = new PasswordCallback("password", false);
            try {
                handler.handle(new Callback[]{name, password});
            } catch (Exception e) {
                throw new LoginException(e.toString());
            }
            String known = PASSWORDS.get(name.getName());
            if (known == null || !known.equals(new String(password.getPassword()))) {
                throw new FailedLoginException("Password for " + name.getName() + " does not match");
            }
            user = name.getName();
            return true;
        }

        @Override
        public boolean commit() {
            subject.getPrincipals().add(new UserPrincipal(user));
            ROLES.get(user).forEach(role -> subject.getPrincipals().add(new RolePrincipal(role)));
            return true;
        }

        @Override
        public boolean abort() {
            return true;
        }

        @Override
        public boolean logout() {
            subject.getPrincipals().clear();
            return true;
        }
    }
}
