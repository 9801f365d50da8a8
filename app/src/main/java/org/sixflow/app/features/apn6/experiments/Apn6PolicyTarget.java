// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.experiments;

import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * APN6 policies as experiment classes exercise them: a class names a policy by its id and gives
 * the packets the policy matches, which the ingress device measures as apn6-insert and the
 * routers after it as apn6-transit. Offered while the policy service runs, with the presets of
 * the APN6 study and the load grid, whose feature class is APN6's.
 */
@Component(immediate = true, service = ExperimentTarget.class)
public class Apn6PolicyTarget implements ExperimentTarget {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Apn6PolicyService policyService;

    /** The target, as OSGi makes it. */
    public Apn6PolicyTarget() {
    }

    /**
     * The target over a given policy service.
     *
     * @param policyService where policies are looked up
     */
    public Apn6PolicyTarget(Apn6PolicyService policyService) {
        this.policyService = policyService;
    }

    @Override
    public Field field() {
        return Field.POLICY;
    }

    @Override
    public Set<LatencyClass> latencyClasses() {
        return Set.of(LatencyClass.APN6_INSERT);
    }

    @Override
    public Set<LatencyClass> downstreamClasses() {
        return Set.of(LatencyClass.APN6_TRANSIT);
    }

    @Override
    public List<ExperimentPreset> presets() {
        return Apn6Presets.all();
    }

    @Override
    public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at, Map<String, String> problems) {
        String id = c.policy().orElseThrow();
        if (policyService.policy(id).isEmpty()) {
            problems.put(at + ".policy", "no APN6 policy " + id);
        }
        return c.packet();
    }
}
