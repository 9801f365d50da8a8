// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.InvalidFieldsException.FieldError;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An ILNP site on a border router (RFC 6748's site-controlled deployment): hosts inside use the
 * internal locator; packets leaving by one of the uplinks get that uplink's provider locator as
 * source, the uplink chosen per flow by weight; packets arriving for a provider locator get the
 * internal one back.
 *
 * <p>What ilnp.p4 can do is what this type accepts; {@link #of} names every field at fault in one
 * answer: locators are /64s (the P4 keys are the upper 64 bits) with no bits set past 64, the
 * provider locators are distinct and none is the internal one; 1 to {@link #MAX_UPLINKS}
 * uplinks on distinct ports 1..{@link #MAX_PORT} (the port is the uplink's counter index in
 * ilnp_uplink_in/out, 256 cells); weights 0..100 summing to exactly 100 (all zero would leave
 * every flow without a range: remove the site instead). Checks against the device and the
 * other sites are the service's.
 */
public final class IlnpSite {

    /** Names: 1 to 64 letters, digits, dots, underscores, dashes (a URL path segment as it is). */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** The length of a locator (RFC 6740: the upper 64 bits of an address). */
    public static final int LOCATOR_LENGTH = 64;
    /**
     * Most uplinks of one site: each is one ilnp_uplink range entry, and a weight change writes the
     * new ranges at priorities of their own beside the old ones (IlnpEntryCompiler's bands of 16).
     */
    public static final int MAX_UPLINKS = 16;
    /** Highest uplink port: the port is the uplink id, an index of the 256-cell uplink counters (0 is no port). */
    public static final int MAX_PORT = 255;
    /** What a site's weights sum to. */
    public static final int WEIGHT_TOTAL = 100;

    private final String name;
    private final DeviceId device;
    private final Ip6Prefix internalLocator;
    private final List<IlnpUplink> uplinks;
    private final int revision;

    private IlnpSite(String name, DeviceId device, Ip6Prefix internalLocator, List<IlnpUplink> uplinks,
                     int revision) {
        this.name = name;
        this.device = device;
        this.internalLocator = internalLocator;
        this.uplinks = uplinks;
        this.revision = revision;
    }

    /**
     * Makes a site, checking everything that does not depend on the network.
     *
     * @param name            the site's name
     * @param device          the border router
     * @param internalLocator the locator the site's hosts use, a /64
     * @param uplinks         its uplinks (kept in port order)
     * @return the site, at revision 0
     * @throws InvalidFieldsException naming every field at fault
     */
    public static IlnpSite of(String name, DeviceId device, Ip6Prefix internalLocator, List<IlnpUplink> uplinks) {
        return checked(name, device, internalLocator, uplinks, 0);
    }

    private static IlnpSite checked(String name, DeviceId device, Ip6Prefix internalLocator, List<IlnpUplink> uplinks,
                                    int revision) {
        List<FieldError> errors = problems(name, device, internalLocator, uplinks);
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        List<IlnpUplink> sorted = uplinks.stream().sorted(Comparator.comparing(u -> u.port().toLong()))
                .collect(ImmutableList.toImmutableList());
        return new IlnpSite(name, device, internalLocator, sorted, revision);
    }

    /**
     * What {@link #of} would refuse, every problem by field. A null uplink in the list (one a
     * request could not read) is taken as already reported: it is skipped, and so is the sum of
     * the weights.
     *
     * @param name            the site's name
     * @param device          the border router
     * @param internalLocator the internal locator
     * @param uplinks         the uplinks, in the request's order
     * @return the problems, in field order; empty if there are none
     */
    public static List<FieldError> problems(String name, DeviceId device, Ip6Prefix internalLocator,
                                            List<IlnpUplink> uplinks) {
        List<FieldError> errors = new ArrayList<>();
        nameProblem(name).ifPresent(m -> errors.add(new FieldError("name", m)));
        if (device == null) {
            errors.add(new FieldError("device", "is required (a device id such as device:sbr)"));
        }
        if (internalLocator == null) {
            errors.add(new FieldError("internalLocator", "is required (a /64 such as fd00:5:1:1::/64)"));
        } else {
            locatorProblem(internalLocator).ifPresent(m -> errors.add(new FieldError("internalLocator", m)));
        }
        errors.addAll(uplinkProblems(internalLocator, uplinks));
        return errors;
    }

    private static java.util.Optional<String> nameProblem(String name) {
        if (name == null) {
            return java.util.Optional.of("is required");
        }
        // "." and ".." would be path segments of their own in /ilnp/sites/{name}.
        if (!NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            return java.util.Optional.of("must be 1-64 letters, digits, '.', '_' or '-' (not \".\" or \"..\")");
        }
        return java.util.Optional.empty();
    }

    /**
     * Checks a name.
     *
     * @param name a site name
     * @throws IllegalArgumentException if it is not one
     */
    public static void checkName(String name) {
        nameProblem(name).ifPresent(m -> {
            throw new IllegalArgumentException("name " + m);
        });
    }

    private static java.util.Optional<String> locatorProblem(Ip6Prefix locator) {
        if (locator.prefixLength() != LOCATOR_LENGTH) {
            return java.util.Optional.of(locator + " is a /" + locator.prefixLength()
                                                 + "; a locator is a /64 (the upper 64 bits of an address)");
        }
        return java.util.Optional.empty();
    }

    private static List<FieldError> uplinkProblems(Ip6Prefix internal, List<IlnpUplink> uplinks) {
        List<FieldError> errors = new ArrayList<>();
        if (uplinks == null || uplinks.isEmpty()) {
            errors.add(new FieldError("uplinks", "a site needs 1 to " + MAX_UPLINKS + " uplinks"));
            return errors;
        }
        if (uplinks.size() > MAX_UPLINKS) {
            errors.add(new FieldError("uplinks", uplinks.size() + " uplinks; a site has at most " + MAX_UPLINKS
                    + " (one ilnp_uplink range each, in a priority band of 16)"));
        }
        Set<PortNumber> ports = new HashSet<>();
        Set<Ip6Prefix> locators = new HashSet<>();
        int total = 0;
        for (int i = 0; i < uplinks.size(); i++) {
            IlnpUplink uplink = uplinks.get(i);
            String at = "uplinks[" + i + "]";
            if (uplink == null) {
                continue;
            }
            long port = uplink.port().toLong();
            if (port < 1 || port > MAX_PORT) {
                errors.add(new FieldError(at + ".port", "port " + uplink.port() + " is not 1.." + MAX_PORT
                        + " (the port is the uplink's index in the 256-cell ilnp_uplink_in/out counters)"));
            }
            if (!ports.add(uplink.port())) {
                errors.add(new FieldError(at + ".port", "port " + uplink.port() + " is another uplink's already"));
            }
            locatorProblem(uplink.locator()).ifPresent(m -> errors.add(new FieldError(at + ".locator", m)));
            if (uplink.locator().equals(internal)) {
                errors.add(new FieldError(at + ".locator", uplink.locator() + " is the site's internal locator"));
            } else if (!locators.add(uplink.locator())) {
                errors.add(new FieldError(at + ".locator", uplink.locator() + " is another uplink's already"
                        + " (ilnp_inbound is keyed by the locator alone)"));
            }
            if (uplink.weight() < 0 || uplink.weight() > WEIGHT_TOTAL) {
                errors.add(new FieldError(at + ".weight", uplink.weight() + " is not 0.." + WEIGHT_TOTAL));
            } else {
                total += uplink.weight();
            }
        }
        boolean weightsInRange = uplinks.stream().allMatch(u -> u != null && u.weight() >= 0 && u.weight() <= 100);
        if (weightsInRange && total != WEIGHT_TOTAL) {
            errors.add(new FieldError("uplinks", "the weights sum to " + total + ", not " + WEIGHT_TOTAL
                    + (total == 0 ? " (with every weight 0 no flow would have an uplink: remove the site instead)"
                    : "")));
        }
        return errors;
    }

    /**
     * Parses a locator as written: a /64 with no bits set past 64.
     *
     * @param text such as {@code 2001:db8:a:1::/64}
     * @return the prefix
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Ip6Prefix locator(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no locator given");
        }
        int slash = text.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException(text + " is no locator (a /64 prefix, e.g. 2001:db8:a:1::/64)");
        }
        Ip6Address address;
        int length;
        try {
            address = Ip6Address.valueOf(text.substring(0, slash));
            length = Integer.parseInt(text.substring(slash + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(text + " is no locator (a /64 prefix, e.g. 2001:db8:a:1::/64)", e);
        }
        if (length != LOCATOR_LENGTH) {
            throw new IllegalArgumentException(text + " is not a /64; a locator is the upper 64 bits of an address");
        }
        Ip6Prefix prefix = Ip6Prefix.valueOf(address, length);
        if (!prefix.address().equals(address)) {
            throw new IllegalArgumentException(text + " has bits set past 64 (did you mean " + prefix + "?)");
        }
        return prefix;
    }

    /**
     * The same site with new weights, one revision on: every uplink must be named, by port.
     *
     * @param weights port to weight
     * @return the site
     * @throws InvalidFieldsException naming the ports and weights at fault
     */
    public IlnpSite withWeights(Map<PortNumber, Integer> weights) {
        return weighted(weights, revision + 1);
    }

    /**
     * The same site, at the same revision, with the weights its uplinks serve while some are
     * down (what the owner installs; the stored site keeps the operator's weights).
     *
     * @param weights port to weight, every uplink named, summing to 100
     * @return the site
     * @throws InvalidFieldsException naming the ports and weights at fault
     */
    public IlnpSite servingWeights(Map<PortNumber, Integer> weights) {
        return weighted(weights, revision);
    }

    private IlnpSite weighted(Map<PortNumber, Integer> weights, int newRevision) {
        List<FieldError> errors = new ArrayList<>();
        Map<Long, Integer> byPort = new TreeMap<>();
        weights.forEach((port, weight) -> byPort.put(port.toLong(), weight));
        List<IlnpUplink> changed = new ArrayList<>();
        for (IlnpUplink uplink : uplinks) {
            Integer weight = byPort.remove(uplink.port().toLong());
            if (weight == null) {
                errors.add(new FieldError("weights", "no weight for uplink port " + uplink.port()));
            } else {
                changed.add(uplink.withWeight(weight));
            }
        }
        byPort.keySet().forEach(port -> errors.add(new FieldError("weights", "port " + port
                + " is no uplink of site " + name)));
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        try {
            return checked(name, device, internalLocator, changed, newRevision);
        } catch (InvalidFieldsException e) {
            // The uplinks' other fields were fine: what is wrong is the weights.
            List<FieldError> renamed = new ArrayList<>();
            e.errors().forEach(f -> renamed.add(new FieldError("weights", f.message())));
            throw new InvalidFieldsException(renamed);
        }
    }

    /** The name. */
    public String name() {
        return name;
    }

    /** The border router. */
    public DeviceId device() {
        return device;
    }

    /** The locator the site's hosts use. */
    public Ip6Prefix internalLocator() {
        return internalLocator;
    }

    /** The uplinks, by port. */
    public List<IlnpUplink> uplinks() {
        return uplinks;
    }

    /** How many times its weights changed (the compiler's priority band for ilnp_uplink follows it). */
    public int revision() {
        return revision;
    }

    /** The weights by port, in port order. */
    public Map<PortNumber, Integer> weights() {
        Map<PortNumber, Integer> weights = new java.util.LinkedHashMap<>();
        uplinks.forEach(u -> weights.put(u.port(), u.weight()));
        return weights;
    }

    /**
     * The site's number in ilnp_site/ilnp_uplink: its lowest uplink port. A port is the uplink
     * of one site only on a device, and a site's ports never change, so it is unique and stable.
     */
    public int siteId() {
        return (int) uplinks.get(0).port().toLong();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IlnpSite)) {
            return false;
        }
        IlnpSite that = (IlnpSite) o;
        return revision == that.revision && name.equals(that.name) && device.equals(that.device)
                && internalLocator.equals(that.internalLocator) && uplinks.equals(that.uplinks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, device, internalLocator, uplinks, revision);
    }

    @Override
    public String toString() {
        return name + ": " + internalLocator + " on " + device + " via " + uplinks + " (revision " + revision + ")";
    }
}
