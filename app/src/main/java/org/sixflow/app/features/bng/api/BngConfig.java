// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The relay's configuration (ONOS network config {@code apps.org.sixflow.app.bng}): the PPPoE
 * server's attachment (device and port; it sees each subscriber's S-tag and C-tag as the line
 * sent them), the echo timing that ends a session whose peer has vanished, and where a
 * subscriber's IPv6 /64 comes from (per line by its VLAN ids, else the next free /64 of a pool):
 * IPv6CP negotiates only the interface identifier; the BNG advertises the /64 in its Router
 * Advertisements. The prefix it delegates by DHCPv6 comes the same way (per line, else the next
 * free prefix of {@code delegatedLength} in a pool). With a forwarding device the BNG is split
 * (docs/features/bng.md, split mode): a session's line, session and sources go to the device its
 * line is on (bng-access), its prefixes and downstream encapsulation to the forwarding device
 * (bng-forward), out of its link towards the line's device; without one, everything goes to the
 * line's device. Each line's meter ({@link #meterFor}) is its own if {@code lineMeters} has one,
 * else {@code defaultMeter}; without either a line is unmetered.
 */
public final class BngConfig {

    /** Default seconds between LCP echoes (pppd's lcp-echo-interval in Debian's options). */
    public static final int DEFAULT_ECHO_INTERVAL_SECONDS = 30;
    /** Default echo intervals without an Echo-Reply before a session is ended (lcp-echo-failure). */
    public static final int DEFAULT_ECHO_MISSES = 4;
    public static final int MAX_ECHO_INTERVAL_SECONDS = 3600;
    public static final int MAX_ECHO_MISSES = 100;
    /** Default length of the prefixes delegated from the pool (a /56 per subscriber, RIPE-690's advice). */
    public static final int DEFAULT_DELEGATED_LENGTH = 56;
    /** Shortest and longest delegated prefix: the data plane keys IPv6 prefixes on their upper 64 bits. */
    public static final int MIN_DELEGATED_LENGTH = 32;
    public static final int MAX_DELEGATED_LENGTH = 64;

    /** The configuration before anything is configured: no server, so nothing is relayed. */
    public static final BngConfig NONE = new BngConfig(null, DEFAULT_ECHO_INTERVAL_SECONDS, DEFAULT_ECHO_MISSES,
                                                       Map.of(), null);

    private final ConnectPoint server;
    private final int echoIntervalSeconds;
    private final int echoMisses;
    private final Map<Integer, Ip6Prefix> linePrefixes;
    private final Ip6Prefix prefixPool;
    private final Map<Integer, Ip6Prefix> lineDelegated;
    private final Ip6Prefix delegatedPool;
    private final int delegatedLength;
    private final DeviceId forwardDevice;
    private final BngLineMeter defaultMeter;
    private final Map<Integer, BngLineMeter> lineMeters;

    /**
     * Creates a configuration.
     *
     * @param server              the server's attachment, null for none
     * @param echoIntervalSeconds 1..3600
     * @param echoMisses          1..100
     * @param linePrefixes        /64 by line key ({@link #lineKey})
     * @param prefixPool          a pool of /64s (length 32..64), or null
     */
    public BngConfig(ConnectPoint server, int echoIntervalSeconds, int echoMisses,
                     Map<Integer, Ip6Prefix> linePrefixes, Ip6Prefix prefixPool) {
        this(server, echoIntervalSeconds, echoMisses, linePrefixes, prefixPool, Map.of(), null,
             DEFAULT_DELEGATED_LENGTH);
    }

    /**
     * Creates a configuration with prefix delegation (DHCPv6-PD by the BNG).
     *
     * @param server              the server's attachment, null for none
     * @param echoIntervalSeconds 1..3600
     * @param echoMisses          1..100
     * @param linePrefixes        /64 by line key ({@link #lineKey})
     * @param prefixPool          a pool of /64s (length 32..64), or null
     * @param lineDelegated       a line's delegated prefix (/32../64) by line key
     * @param delegatedPool       a pool the other lines' delegated prefixes come from, or null
     * @param delegatedLength     the length of those (32..64, not shorter than the pool)
     */
    public BngConfig(ConnectPoint server, int echoIntervalSeconds, int echoMisses,
                     Map<Integer, Ip6Prefix> linePrefixes, Ip6Prefix prefixPool,
                     Map<Integer, Ip6Prefix> lineDelegated, Ip6Prefix delegatedPool, int delegatedLength) {
        this(server, echoIntervalSeconds, echoMisses, linePrefixes, prefixPool, lineDelegated, delegatedPool,
             delegatedLength, null);
    }

    /**
     * Creates a configuration with prefix delegation, split or not.
     *
     * @param server              the server's attachment, null for none
     * @param echoIntervalSeconds 1..3600
     * @param echoMisses          1..100
     * @param linePrefixes        /64 by line key ({@link #lineKey})
     * @param prefixPool          a pool of /64s (length 32..64), or null
     * @param lineDelegated       a line's delegated prefix (/32../64) by line key
     * @param delegatedPool       a pool the other lines' delegated prefixes come from, or null
     * @param delegatedLength     the length of those (32..64, not shorter than the pool)
     * @param forwardDevice       the split's forwarding device (bng-forward), null for one BNG device
     */
    public BngConfig(ConnectPoint server, int echoIntervalSeconds, int echoMisses,
                     Map<Integer, Ip6Prefix> linePrefixes, Ip6Prefix prefixPool,
                     Map<Integer, Ip6Prefix> lineDelegated, Ip6Prefix delegatedPool, int delegatedLength,
                     DeviceId forwardDevice) {
        this(server, echoIntervalSeconds, echoMisses, linePrefixes, prefixPool, lineDelegated, delegatedPool,
             delegatedLength, forwardDevice, BngLineMeter.UNMETERED, Map.of());
    }

    private BngConfig(ConnectPoint server, int echoIntervalSeconds, int echoMisses,
                      Map<Integer, Ip6Prefix> linePrefixes, Ip6Prefix prefixPool,
                      Map<Integer, Ip6Prefix> lineDelegated, Ip6Prefix delegatedPool, int delegatedLength,
                      DeviceId forwardDevice, BngLineMeter defaultMeter, Map<Integer, BngLineMeter> lineMeters) {
        checkArgument(echoIntervalSeconds >= 1 && echoIntervalSeconds <= MAX_ECHO_INTERVAL_SECONDS,
                      "echoIntervalSeconds must be 1..%s", MAX_ECHO_INTERVAL_SECONDS);
        checkArgument(echoMisses >= 1 && echoMisses <= MAX_ECHO_MISSES, "echoMisses must be 1..%s", MAX_ECHO_MISSES);
        linePrefixes.values().forEach(p -> checkArgument(p.prefixLength() == 64, "line prefix %s is not a /64", p));
        checkArgument(prefixPool == null || prefixPool.prefixLength() >= 32 && prefixPool.prefixLength() <= 64,
                      "prefixPool must be /32../64");
        lineDelegated.values().forEach(p -> checkArgument(p.prefixLength() >= MIN_DELEGATED_LENGTH
                                                                  && p.prefixLength() <= MAX_DELEGATED_LENGTH,
                                                          "delegated prefix %s is not /32../64", p));
        checkArgument(delegatedLength >= MIN_DELEGATED_LENGTH && delegatedLength <= MAX_DELEGATED_LENGTH,
                      "delegatedLength must be %s..%s", MIN_DELEGATED_LENGTH, MAX_DELEGATED_LENGTH);
        checkArgument(delegatedPool == null || delegatedPool.prefixLength() >= MIN_DELEGATED_LENGTH
                              && delegatedPool.prefixLength() <= delegatedLength,
                      "delegatedPool must be /32 to /delegatedLength");
        this.server = server;
        this.echoIntervalSeconds = echoIntervalSeconds;
        this.echoMisses = echoMisses;
        this.linePrefixes = ImmutableMap.copyOf(linePrefixes);
        this.prefixPool = prefixPool;
        this.lineDelegated = ImmutableMap.copyOf(lineDelegated);
        this.delegatedPool = delegatedPool;
        this.delegatedLength = delegatedLength;
        this.forwardDevice = forwardDevice;
        this.defaultMeter = checkNotNull(defaultMeter);
        this.lineMeters = ImmutableMap.copyOf(lineMeters);
    }

    /**
     * This configuration with meters.
     *
     * @param defaultMeter the meter of every line lineMeters has none for
     * @param lineMeters   a line's own meter by line key ({@link #lineKey}); it replaces the default
     * @return the configuration
     */
    public BngConfig withMeters(BngLineMeter defaultMeter, Map<Integer, BngLineMeter> lineMeters) {
        return new BngConfig(server, echoIntervalSeconds, echoMisses, linePrefixes, prefixPool, lineDelegated,
                             delegatedPool, delegatedLength, forwardDevice, defaultMeter, lineMeters);
    }

    /** The meter of the lines that have none of their own. */
    public BngLineMeter defaultMeter() {
        return defaultMeter;
    }

    /** The lines' own meters by line key. */
    public Map<Integer, BngLineMeter> lineMeters() {
        return lineMeters;
    }

    /**
     * A line's meter: its own, else the default.
     *
     * @param sVid the line's S-VID (0: none)
     * @param cVid its C-VID (0: none)
     * @return the meter, {@link BngLineMeter#UNMETERED} for none
     */
    public BngLineMeter meterFor(int sVid, int cVid) {
        return lineMeters.getOrDefault(lineKey(sVid, cVid), defaultMeter);
    }

    /** A line's key in {@link #linePrefixes}: S-VID × 4096 + C-VID. */
    public static int lineKey(int sVid, int cVid) {
        return sVid << 12 | cVid;
    }

    public Optional<ConnectPoint> server() {
        return Optional.ofNullable(server);
    }

    public int echoIntervalSeconds() {
        return echoIntervalSeconds;
    }

    public int echoMisses() {
        return echoMisses;
    }

    /** Configured /64s by line key. */
    public Map<Integer, Ip6Prefix> linePrefixes() {
        return linePrefixes;
    }

    public Optional<Ip6Prefix> prefixPool() {
        return Optional.ofNullable(prefixPool);
    }

    /** Configured delegated prefixes by line key. */
    public Map<Integer, Ip6Prefix> lineDelegated() {
        return lineDelegated;
    }

    public Optional<Ip6Prefix> delegatedPool() {
        return Optional.ofNullable(delegatedPool);
    }

    public int delegatedLength() {
        return delegatedLength;
    }

    /** The split's forwarding device; empty: one device holds each line's whole BNG. */
    public Optional<DeviceId> forwardDevice() {
        return Optional.ofNullable(forwardDevice);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BngConfig)) {
            return false;
        }
        BngConfig other = (BngConfig) o;
        return Objects.equals(server, other.server) && echoIntervalSeconds == other.echoIntervalSeconds
                && echoMisses == other.echoMisses && linePrefixes.equals(other.linePrefixes)
                && Objects.equals(prefixPool, other.prefixPool) && lineDelegated.equals(other.lineDelegated)
                && Objects.equals(delegatedPool, other.delegatedPool) && delegatedLength == other.delegatedLength
                && Objects.equals(forwardDevice, other.forwardDevice) && defaultMeter.equals(other.defaultMeter)
                && lineMeters.equals(other.lineMeters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(server, echoIntervalSeconds, echoMisses, linePrefixes, prefixPool, lineDelegated,
                            delegatedPool, delegatedLength, forwardDevice, defaultMeter, lineMeters);
    }

    @Override
    public String toString() {
        return "server=" + server + ", echo " + echoIntervalSeconds + " s x " + echoMisses + ", "
                + linePrefixes.size() + " line prefixes, pool " + prefixPool + ", " + lineDelegated.size()
                + " delegated prefixes, delegated pool " + delegatedPool + " in /" + delegatedLength
                + (forwardDevice == null ? "" : ", split: forwarding on " + forwardDevice)
                + ", lines " + defaultMeter + " by default, " + lineMeters.size() + " lines metered on their own";
    }
}
