// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

/**
 * Names and defaults of the Router Advertisement component's properties (RouterAdvertiser), after
 * RFC 4861 section 6.2.1's router configuration variables.
 */
public final class OsgiPropertyConstants {

    /** Whether routers advertise at all (unsolicited and solicited RAs). */
    public static final String RA_ENABLED = "raEnabled";
    public static final boolean RA_ENABLED_DEFAULT = true;
    /** MaxRtrAdvInterval: the longest time between unsolicited RAs, 4..1800 s. */
    public static final String RA_MAX_INTERVAL = "raMaxIntervalSeconds";
    public static final int RA_MAX_INTERVAL_DEFAULT = 600;
    /** MinRtrAdvInterval: the shortest, 3 s..0.75 MaxRtrAdvInterval; 0 means 0.33 MaxRtrAdvInterval (the RFC's default). */
    public static final String RA_MIN_INTERVAL = "raMinIntervalSeconds";
    public static final int RA_MIN_INTERVAL_DEFAULT = 0;
    /** AdvDefaultLifetime: the router lifetime, 0 (not a default router) or MaxRtrAdvInterval..9000 s. */
    public static final String RA_ROUTER_LIFETIME = "raRouterLifetimeSeconds";
    public static final int RA_ROUTER_LIFETIME_DEFAULT = 1800;
    /** AdvValidLifetime of every prefix, seconds (30 days). */
    public static final String RA_VALID_LIFETIME = "raValidLifetimeSeconds";
    public static final int RA_VALID_LIFETIME_DEFAULT = 2592000;
    /** AdvPreferredLifetime of every prefix, seconds (7 days), at most the valid lifetime. */
    public static final String RA_PREFERRED_LIFETIME = "raPreferredLifetimeSeconds";
    public static final int RA_PREFERRED_LIFETIME_DEFAULT = 604800;

    private OsgiPropertyConstants() {
    }
}
