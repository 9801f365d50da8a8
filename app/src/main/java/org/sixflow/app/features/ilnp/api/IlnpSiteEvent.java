// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to an ILNP site. Every instance of the cluster hears every event.
 */
public class IlnpSiteEvent extends OwnedObjectEvent<IlnpSiteEvent.Type, IlnpSite> {

    /** What happened. */
    public enum Type {
        /** A site was validated and stored; its owner installs it. */
        SITE_ADDED,
        /** A site's weights changed (a new revision); its owner replaces its ranges, make before break. */
        SITE_UPDATED,
        /** A site was removed; its owner removes its entries. */
        SITE_REMOVED,
        /** Its device confirmed the site's entries. */
        SITE_INSTALLED,
        /** Its device refused an entry, or cannot take the site. */
        SITE_FAILED,
        /** A site is waiting again. */
        SITE_REQUESTED
    }

    /**
     * Creates an event.
     *
     * @param type   what happened
     * @param site   the site (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public IlnpSiteEvent(Type type, IlnpSite site, InstallStatus status) {
        super(type, site, status, site.name());
    }
}
