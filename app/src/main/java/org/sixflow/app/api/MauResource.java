// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How much of one MAU resource is used, against what the hardware has.
 */
public final class MauResource {

    private final MauResourceType type;
    private final int used;
    private final int capacity;

    private MauResource(MauResourceType type, int used, int capacity) {
        this.type = checkNotNull(type);
        checkArgument(used >= 0, "negative use %s of %s", used, type);
        checkArgument(capacity >= 0, "negative capacity %s of %s", capacity, type);
        this.used = used;
        this.capacity = capacity;
    }

    /**
     * Creates a use figure.
     *
     * @param type     the resource
     * @param used     units in use
     * @param capacity units the hardware has
     * @return the figure
     */
    public static MauResource of(MauResourceType type, int used, int capacity) {
        return new MauResource(type, used, capacity);
    }

    public MauResourceType type() {
        return type;
    }

    public int used() {
        return used;
    }

    public int capacity() {
        return capacity;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MauResource)) {
            return false;
        }
        MauResource that = (MauResource) o;
        return type == that.type && used == that.used && capacity == that.capacity;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, used, capacity);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type).add("used", used).add("capacity", capacity)
                .toString();
    }
}
