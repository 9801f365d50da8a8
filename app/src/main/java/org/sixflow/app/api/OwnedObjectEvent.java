// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Something happened to an object users asked Sixflow to install (a policy, a tunnel, a mapping,
 * a site): what, to which version, and its status then. Every instance of the cluster hears
 * every event. A feature's event adds its kinds, each saying which {@link OwnedChange} it is.
 *
 * @param <K> the feature's kinds of event
 * @param <T> the objects
 */
public abstract class OwnedObjectEvent<K extends Enum<K> & OwnedChange.Kind, T> extends AbstractEvent<K, T> {

    private final InstallStatus status;
    private final String id;
    private final T previous;

    /**
     * Creates an event.
     *
     * @param type    what happened
     * @param subject the object (for removals, as it was)
     * @param status  its status (for removals, as it was)
     * @param id       the object's id, for logs
     * @param previous the version an UPDATED object replaced, else null
     */
    protected OwnedObjectEvent(K type, T subject, InstallStatus status, String id, T previous) {
        super(type, subject);
        this.status = checkNotNull(status);
        this.id = checkNotNull(id);
        this.previous = previous;
    }

    /**
     * Returns which change of the lifecycle this event tells.
     *
     * @return the change
     */
    public OwnedChange change() {
        return type().change();
    }

    /**
     * Returns the version an updated object replaced.
     *
     * @return the previous version; empty for other changes
     */
    public Optional<T> previous() {
        return Optional.ofNullable(previous);
    }

    /** The object's status when the event happened. */
    public InstallStatus status() {
        return status;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("id", id).add("status", status).toString();
    }
}
