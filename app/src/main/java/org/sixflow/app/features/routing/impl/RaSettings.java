// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The Router Advertisement settings in force (RFC 4861 section 6.2.1), checked together: the
 * RFC's bounds on each and between them.
 */
final class RaSettings {

    /** The RFC's bounds on MaxRtrAdvInterval, seconds. */
    static final int MIN_MAX_INTERVAL = 4;
    static final int MAX_MAX_INTERVAL = 1800;
    static final int MIN_MIN_INTERVAL = 3;

    final boolean enabled;
    final int maxIntervalSeconds;
    final int minIntervalSeconds;
    final int routerLifetimeSeconds;
    final long validLifetimeSeconds;
    final long preferredLifetimeSeconds;

    /**
     * Checks and takes the settings.
     *
     * @param enabled               whether to advertise
     * @param maxIntervalSeconds    MaxRtrAdvInterval, 4..1800
     * @param minIntervalSeconds    MinRtrAdvInterval, 3..0.75 max; 0 for the RFC's default, 0.33 max
     * @param routerLifetimeSeconds 0, or max interval..9000
     * @param validLifetime         seconds
     * @param preferredLifetime     seconds, at most the valid lifetime
     * @throws IllegalArgumentException naming the setting that is out of bounds
     */
    RaSettings(boolean enabled, int maxIntervalSeconds, int minIntervalSeconds, int routerLifetimeSeconds,
               long validLifetime, long preferredLifetime) {
        checkArgument(maxIntervalSeconds >= MIN_MAX_INTERVAL && maxIntervalSeconds <= MAX_MAX_INTERVAL,
                      "raMaxIntervalSeconds must be %s..%s, not %s", MIN_MAX_INTERVAL, MAX_MAX_INTERVAL,
                      maxIntervalSeconds);
        int min = minIntervalSeconds == 0 ? Math.max(MIN_MIN_INTERVAL, maxIntervalSeconds * 33 / 100)
                : minIntervalSeconds;
        checkArgument(min >= MIN_MIN_INTERVAL && min <= maxIntervalSeconds * 3 / 4,
                      "raMinIntervalSeconds must be %s..%s (0.75 raMaxIntervalSeconds), not %s", MIN_MIN_INTERVAL,
                      maxIntervalSeconds * 3 / 4, min);
        checkArgument(routerLifetimeSeconds == 0 || (routerLifetimeSeconds >= maxIntervalSeconds
                              && routerLifetimeSeconds <= 9000),
                      "raRouterLifetimeSeconds must be 0 or %s..9000, not %s", maxIntervalSeconds,
                      routerLifetimeSeconds);
        checkArgument(validLifetime >= 0 && preferredLifetime >= 0 && preferredLifetime <= validLifetime,
                      "raPreferredLifetimeSeconds (%s) must be 0..raValidLifetimeSeconds (%s)", preferredLifetime,
                      validLifetime);
        this.enabled = enabled;
        this.maxIntervalSeconds = maxIntervalSeconds;
        this.minIntervalSeconds = min;
        this.routerLifetimeSeconds = routerLifetimeSeconds;
        this.validLifetimeSeconds = validLifetime;
        this.preferredLifetimeSeconds = preferredLifetime;
    }

    static RaSettings defaults() {
        return new RaSettings(OsgiPropertyConstants.RA_ENABLED_DEFAULT, OsgiPropertyConstants.RA_MAX_INTERVAL_DEFAULT,
                              OsgiPropertyConstants.RA_MIN_INTERVAL_DEFAULT,
                              OsgiPropertyConstants.RA_ROUTER_LIFETIME_DEFAULT,
                              OsgiPropertyConstants.RA_VALID_LIFETIME_DEFAULT,
                              OsgiPropertyConstants.RA_PREFERRED_LIFETIME_DEFAULT);
    }
}
