// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.codec.JsonCodec;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a feature adds to the parts every feature shares: its REST resources, the JSON codecs they
 * use, its JSON schemas and its dashboard page. Each feature registers one as an OSGi service (the
 * whiteboard pattern); the REST API, the codec service, the OpenAPI document, {@code GET features}
 * and through it the dashboard's navigation find them there, so adding a feature edits no shared
 * list. A feature that is stopped disappears from all of them.
 */
public interface SixflowFeature {

    /**
     * Returns the feature's name, as its folder is named.
     *
     * @return e.g. "gtpu"
     */
    String name();

    /**
     * Returns what a user reads in menus and listings.
     *
     * @return e.g. "GTP-U tunnels"
     */
    String title();

    /**
     * Returns the JAX-RS resource classes of the feature, mounted beside the core's.
     *
     * @return resource classes
     */
    List<Class<?>> resources();

    /**
     * Returns the JSON codecs the feature's resources use, by the class each encodes.
     *
     * @return codecs
     */
    Map<Class<?>, JsonCodec<?>> codecs();

    /**
     * Returns the names of the feature's JSON schemas (files definitions/NAME.json), all of which
     * the OpenAPI document carries.
     *
     * @return schema names
     */
    List<String> schemas();

    /**
     * Returns the path of the feature's dashboard page, if it has one.
     *
     * @return e.g. "tunnels", or empty
     */
    Optional<String> dashboardPage();
}
