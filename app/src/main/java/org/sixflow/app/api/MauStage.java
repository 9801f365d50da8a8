// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The MAU resources of one pipeline stage.
 */
public final class MauStage {

    private final int stage;
    private final List<MauResource> resources;

    private MauStage(int stage, List<MauResource> resources) {
        checkArgument(stage >= 0, "negative stage number %s", stage);
        this.stage = stage;
        this.resources = ImmutableList.copyOf(checkNotNull(resources));
        checkArgument(this.resources.stream().map(MauResource::type).distinct().count() == this.resources.size(),
                      "stage %s lists a resource twice", stage);
    }

    /**
     * Creates a stage's figures.
     *
     * @param stage     stage number, from 0
     * @param resources one figure per resource type, in report order
     * @return the stage
     */
    public static MauStage of(int stage, List<MauResource> resources) {
        return new MauStage(stage, resources);
    }

    public int stage() {
        return stage;
    }

    public List<MauResource> resources() {
        return resources;
    }

    /**
     * Returns the figure of one resource type.
     *
     * @param type the resource
     * @return its figure, empty if the stage does not list it
     */
    public Optional<MauResource> resource(MauResourceType type) {
        return resources.stream().filter(r -> r.type() == type).findFirst();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MauStage)) {
            return false;
        }
        MauStage that = (MauStage) o;
        return stage == that.stage && resources.equals(that.resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(stage, resources);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("stage", stage).add("resources", resources).toString();
    }
}
