// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An APN6 SLA policy: traffic that matches gets this Application-aware ID at the ingress edge,
 * transit routers give its SLA level this queue priority, and the egress edge may strip it.
 */
public final class Apn6Policy {

    public static final int MAX_PRIORITY = 65535;
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    private final String id;
    private final String name;
    private final int priority;
    private final Apn6Match match;
    private final ApplicationAwareId option;
    private final Integer slaPriority;
    private final boolean stripAtEgress;

    private Apn6Policy(String id, String name, int priority, Apn6Match match, ApplicationAwareId option,
                       Integer slaPriority, boolean stripAtEgress) {
        this.id = id;
        this.name = name;
        this.priority = priority;
        this.match = match;
        this.option = option;
        this.slaPriority = slaPriority;
        this.stripAtEgress = stripAtEgress;
    }

    /**
     * Creates a policy.
     *
     * @param id            policy id: lower-case letters, digits, dashes, 1..32
     * @param name          a name for people
     * @param priority      1..65535, higher wins among overlapping policies
     * @param match         the traffic
     * @param option        the Application-aware ID to insert
     * @param slaPriority   queue priority 0..7 on transit routers, or null for none
     * @param stripAtEgress whether the egress edge removes the option
     * @return the policy
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public static Apn6Policy of(String id, String name, int priority, Apn6Match match, ApplicationAwareId option,
                                Integer slaPriority, boolean stripAtEgress) {
        checkNotNull(id, "id is required");
        idProblem(id).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        checkArgument(priority >= 1 && priority <= MAX_PRIORITY, "priority must be 1..%s, got %s", MAX_PRIORITY,
                      priority);
        checkArgument(slaPriority == null || slaPriority >= 0 && slaPriority <= 7,
                      "slaPriority must be 0..7, got %s", slaPriority);
        return new Apn6Policy(id, name == null ? id : name, priority, checkNotNull(match, "match is required"),
                              checkNotNull(option, "option is required"), slaPriority, stripAtEgress);
    }

    /**
     * Says what is wrong with a policy id, if anything (the codec checks every field, so one
     * answer names them all).
     *
     * @param id policy id
     * @return the problem, naming the field
     */
    public static java.util.Optional<String> idProblem(String id) {
        return ID.matcher(id).matches() ? java.util.Optional.empty()
                : java.util.Optional.of("id \"" + id + "\" must be 1-32 lower-case letters, digits or dashes");
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public int priority() {
        return priority;
    }

    public Apn6Match match() {
        return match;
    }

    public ApplicationAwareId option() {
        return option;
    }

    public Optional<Integer> slaPriority() {
        return Optional.ofNullable(slaPriority);
    }

    public boolean stripAtEgress() {
        return stripAtEgress;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Apn6Policy)) {
            return false;
        }
        Apn6Policy p = (Apn6Policy) o;
        return id.equals(p.id) && name.equals(p.name) && priority == p.priority && match.equals(p.match)
                && option.equals(p.option) && Objects.equals(slaPriority, p.slaPriority)
                && stripAtEgress == p.stripAtEgress;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, priority, match, option, slaPriority, stripAtEgress);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("priority", priority).add("match", match)
                .add("option", option).add("slaPriority", slaPriority).add("strip", stripAtEgress).toString();
    }
}
