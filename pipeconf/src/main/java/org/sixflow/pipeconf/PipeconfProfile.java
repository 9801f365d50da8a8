// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One data-plane profile of profiles.json: the features its program is compiled with and the
 * targets it is built for.
 */
public final class PipeconfProfile {

    private final String name;
    private final Set<Feature> features;
    private final Set<PipeconfTarget> targets;

    /**
     * Creates a profile.
     *
     * @param name     its name: lower-case letters and digits, words joined by hyphens (it is part of
     *                 pipeconf ids and folders), e.g. {@code bng-access}
     * @param features the features compiled in
     * @param targets  the targets it is built for
     */
    public PipeconfProfile(String name, Set<Feature> features, Set<PipeconfTarget> targets) {
        checkNotNull(name);
        checkArgument(name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"),
                      "profile name must be lower-case letters and digits, words joined by hyphens: %s", name);
        this.name = name;
        this.features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
        this.targets = Set.copyOf(targets);
    }

    public String name() {
        return name;
    }

    public Set<Feature> features() {
        return features;
    }

    public Set<PipeconfTarget> targets() {
        return targets;
    }

    /**
     * Tells whether the profile's program has a feature.
     *
     * @param feature the feature
     * @return true if compiled in
     */
    public boolean has(Feature feature) {
        return features.contains(feature);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PipeconfProfile)) {
            return false;
        }
        PipeconfProfile other = (PipeconfProfile) o;
        return name.equals(other.name) && features.equals(other.features) && targets.equals(other.targets);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, features, targets);
    }

    @Override
    public String toString() {
        return name + features;
    }
}
