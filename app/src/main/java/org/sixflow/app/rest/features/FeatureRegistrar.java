// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.sixflow.app.api.SixflowFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The whiteboard's reader: every {@link SixflowFeature} service that comes has its codecs
 * registered with ONOS and joins the {@link FeatureCatalog} (and so the REST API, the OpenAPI
 * document and {@code GET features}); one that goes leaves them.
 */
@Component(immediate = true)
public class FeatureRegistrar {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final Set<SixflowFeature> bound = new LinkedHashSet<>();
    private final FeatureCatalog catalog;
    private boolean active;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    /** The shared catalog, as OSGi builds it. */
    public FeatureRegistrar() {
        this(FeatureCatalog.shared());
    }

    FeatureRegistrar(FeatureCatalog catalog) {
        this.catalog = catalog;
    }

    @Activate
    protected synchronized void activate() {
        active = true;
        bound.forEach(this::register);
    }

    @Deactivate
    protected synchronized void deactivate() {
        bound.forEach(this::unregister);
        active = false;
    }

    /**
     * A feature service came.
     *
     * @param feature the feature
     */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    protected synchronized void bindFeature(SixflowFeature feature) {
        bound.add(feature);
        if (active) {
            register(feature);
        }
    }

    /**
     * A feature service went.
     *
     * @param feature the feature
     */
    protected synchronized void unbindFeature(SixflowFeature feature) {
        if (bound.remove(feature) && active) {
            unregister(feature);
        }
    }

    private void register(SixflowFeature feature) {
        feature.codecs().forEach(this::registerCodec);
        catalog.add(feature);
        log.info("Feature {} registered: {} REST resource(s), {} codec(s)", feature.name(),
                 feature.resources().size(), feature.codecs().size());
    }

    private void unregister(SixflowFeature feature) {
        catalog.remove(feature);
        feature.codecs().keySet().forEach(codecService::unregisterCodec);
        log.info("Feature {} unregistered", feature.name());
    }

    @SuppressWarnings("unchecked")
    private <T> void registerCodec(Class<T> type, JsonCodec<?> codec) {
        codecService.registerCodec(type, (JsonCodec<T>) codec);
    }
}
