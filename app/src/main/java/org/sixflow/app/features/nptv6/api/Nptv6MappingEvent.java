// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;
import org.sixflow.app.api.InstallStatus;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Something happened to an NPTv6 mapping. Every instance of the cluster hears every event.
 */
public class Nptv6MappingEvent extends AbstractEvent<Nptv6MappingEvent.Type, NamedNptv6Mapping> {

    /** What happened. */
    public enum Type {
        /** A mapping was validated and stored; its owner installs it. */
        MAPPING_ADDED,
        /** A mapping was removed; its owner removes its entries. */
        MAPPING_REMOVED,
        /** Its device confirmed the mapping's entries. */
        MAPPING_INSTALLED,
        /** Its device refused an entry, or cannot take the mapping. */
        MAPPING_FAILED,
        /** A mapping is waiting again. */
        MAPPING_REQUESTED
    }

    private final InstallStatus status;

    /**
     * Creates an event.
     *
     * @param type    what happened
     * @param mapping the mapping (for removals, as it was)
     * @param status  its status (for removals, as it was)
     */
    public Nptv6MappingEvent(Type type, NamedNptv6Mapping mapping, InstallStatus status) {
        super(type, mapping);
        this.status = checkNotNull(status);
    }

    /** The mapping's status when the event happened. */
    public InstallStatus status() {
        return status;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("mapping", subject().id())
                .add("status", status).toString();
    }
}
