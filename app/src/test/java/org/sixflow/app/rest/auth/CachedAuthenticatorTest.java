// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import com.google.common.base.Ticker;
import org.junit.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class CachedAuthenticatorTest {

    private final AtomicInteger asked = new AtomicInteger();
    private final AtomicLong now = new AtomicLong();
    private final Ticker clock = new Ticker() {
        @Override
        public long read() {
            return now.get();
        }
    };

    private Authenticator realm() {
        return (user, password) -> {
            asked.incrementAndGet();
            return user.equals("onos") && password.equals("rocks")
                    ? Optional.of(new Identity(user, Set.of("admin"))) : Optional.empty();
        };
    }

    @Test
    public void anAnswerIsRememberedForItsTimeThenAskedAgain() {
        CachedAuthenticator cached = new CachedAuthenticator(realm(), Duration.ofSeconds(10), clock);
        for (int i = 0; i < 5; i++) {
            assertTrue(cached.login("onos", "rocks").isPresent());
            assertFalse(cached.login("onos", "wrong").isPresent());
        }
        assertEquals(2, asked.get());
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        assertTrue(cached.login("onos", "rocks").isPresent());
        assertEquals(3, asked.get());
    }

    @Test
    public void credentialsThatOnlyShareTheirConcatenationAreNotConfused() {
        CachedAuthenticator cached = new CachedAuthenticator(realm(), Duration.ofSeconds(10), clock);
        assertTrue(cached.login("onos", "rocks").isPresent());
        assertFalse(cached.login("onos:", "rocks").isPresent());
        assertFalse(cached.login("onos:rock", "s").isPresent());
        assertFalse(cached.login("onos", "rocks ").isPresent());
        assertEquals(4, asked.get());
    }

    @Test
    public void aRealmThatCannotBeAskedIsNotRemembered() {
        Authenticator failing = (user, password) -> {
            asked.incrementAndGet();
            throw new AuthenticationUnavailableException("no realm", null);
        };
        CachedAuthenticator cached = new CachedAuthenticator(failing, Duration.ofSeconds(10), clock);
        Unavailable.thrownBy(() -> cached.login("onos", "rocks"));
        Unavailable.thrownBy(() -> cached.login("onos", "rocks"));
        assertEquals(2, asked.get());
    }

    @Test
    public void concurrentRequestsWithTheSameCredentialsShareOneLogin() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Authenticator slow = (user, password) -> {
            asked.incrementAndGet();
            inside.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Optional.of(new Identity(user, Set.of("viewer")));
        };
        CachedAuthenticator cached = new CachedAuthenticator(slow, Duration.ofSeconds(10), clock);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Optional<Identity>>> answers = new ArrayList<>();
            answers.add(pool.submit(() -> cached.login("onos", "rocks")));
            assertTrue(inside.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 7; i++) {
                answers.add(pool.submit(() -> cached.login("onos", "rocks")));
            }
            Thread.sleep(100);
            release.countDown();
            for (Future<Optional<Identity>> answer : answers) {
                assertEquals("onos", answer.get(10, TimeUnit.SECONDS).orElseThrow().getName());
            }
            assertEquals(1, asked.get());
        } finally {
            pool.shutdownNow();
        }
    }
}
