// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import com.google.common.base.Ticker;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.util.concurrent.UncheckedExecutionException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Remembers what another authenticator answered for a user name and password, accepted or
 * refused, for a few seconds. Inside ONOS a JAAS login takes Felix's and the JDK's locks (JFR,
 * 2,000 slow clients: 370 waits of over 10 ms in LoginContext.invoke in 30 s), so a login per
 * request made every request wait for the others'. Concurrent requests with the same credentials
 * share one login. Credentials are kept only as an HMAC under a key made at start: neither the
 * password nor a plain hash of it is held. The price: a password changed or a user removed in the
 * realm still works here for at most the time remembered.
 */
public final class CachedAuthenticator implements Authenticator {

    /** How long an answer is remembered by default. */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(10);
    /** At most this many credentials remembered (the least recently written go first). */
    public static final int MAX_ENTRIES = 4096;

    private final Authenticator realm;
    private final Cache<String, Optional<Identity>> answers;
    private final SecretKeySpec key;

    /**
     * @param realm the authenticator asked when an answer is not remembered
     * @param ttl   how long an answer is remembered
     */
    public CachedAuthenticator(Authenticator realm, Duration ttl) {
        this(realm, ttl, Ticker.systemTicker());
    }

    CachedAuthenticator(Authenticator realm, Duration ttl, Ticker ticker) {
        this.realm = realm;
        this.answers = CacheBuilder.newBuilder()
                .expireAfterWrite(ttl.toNanos(), TimeUnit.NANOSECONDS)
                .maximumSize(MAX_ENTRIES)
                .ticker(ticker)
                .build();
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    @Override
    public Optional<Identity> login(String user, String password) {
        try {
            return answers.get(fingerprint(user, password), () -> realm.login(user, password));
        } catch (UncheckedExecutionException | ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new AuthenticationUnavailableException("Cannot check credentials: " + e.getCause(), e.getCause());
        }
    }

    private String fingerprint(String user, String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            // The user name's length first: ("a:b", "c") and ("a", "b:c") must differ.
            mac.update((user.length() + ":" + user + ":").getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
        }
    }
}
