// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

public class JaasAuthenticatorTest {

    private TestRealm realm;
    private final JaasAuthenticator karaf = new JaasAuthenticator("karaf", JaasAuthenticator.KARAF_ROLE_PRINCIPAL);

    @Before
    public void installTheRealm() {
        realm = TestRealm.install();
    }

    @After
    public void removeTheRealm() {
        realm.close();
    }

    @Test
    public void aKnownUserGetsKarafsRoles() {
        Optional<Identity> onos = karaf.login("onos", "rocks");
        assertTrue(onos.isPresent());
        assertEquals("onos", onos.get().getName());
        assertEquals(Set.of("admin", "viewer"), onos.get().roles());
        assertEquals(Set.of("guest"), karaf.login("guest", "guest").orElseThrow().roles());
    }

    @Test
    public void wrongPasswordsAndUnknownUsersAreRefused() {
        assertFalse(karaf.login("onos", "wrong").isPresent());
        assertFalse(karaf.login("onos", "").isPresent());
        assertFalse(karaf.login("nobody", "rocks").isPresent());
    }

    @Test
    public void aRealmThatIsNotThereIsTheServersProblemNotARefusal() {
        JaasAuthenticator missing = new JaasAuthenticator("no-such-realm", JaasAuthenticator.KARAF_ROLE_PRINCIPAL);
        AuthenticationUnavailableException e = Unavailable.thrownBy(() -> missing.login("onos", "rocks"));
        assertTrue(e.getMessage(), e.getMessage().contains("no-such-realm"));
    }

    @Test
    public void onlyTheRolePrincipalClassNamesRoles() {
        JaasAuthenticator other = new JaasAuthenticator("karaf", "org.example.Role");
        assertEquals(Set.of(), other.login("onos", "rocks").orElseThrow().roles());
    }

    @Test
    public void theCallersContextClassLoaderIsPutBack() {
        ClassLoader mine = new URLClassLoader(new URL[0], getClass().getClassLoader());
        Thread.currentThread().setContextClassLoader(mine);
        try {
            karaf.login("onos", "rocks");
            karaf.login("onos", "wrong");
            Unavailable.thrownBy(() -> new JaasAuthenticator("none", "x").login("onos", "rocks"));
            assertSame(mine, Thread.currentThread().getContextClassLoader());
        } finally {
            Thread.currentThread().setContextClassLoader(getClass().getClassLoader());
        }
    }
}
