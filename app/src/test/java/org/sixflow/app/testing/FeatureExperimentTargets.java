// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.experiments.Apn6PolicyTarget;
import org.sixflow.app.features.bng.experiments.BngSessionTarget;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.experiments.GtpuTunnelTarget;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.features.msr6.experiments.Msr6TreeTarget;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The features' experiment targets as OSGi would offer them to the experiment manager, for tests
 * of the experiments' core that hold it to what the features say.
 */
public final class FeatureExperimentTargets {

    private FeatureExperimentTargets() {
    }

    /**
     * Returns the targets of the features whose services a test gives, each over its service; a
     * feature without one offers none, as in OSGi.
     *
     * @param trees    the tree service, or null
     * @param policies the policy service, or null
     * @param tunnels  the tunnel service, or null
     * @return the targets, in that order
     */
    public static List<ExperimentTarget> over(Msr6TreeService trees, Apn6PolicyService policies,
                                              GtpuTunnelService tunnels) {
        List<ExperimentTarget> targets = new ArrayList<>();
        if (trees != null) {
            targets.add(new Msr6TreeTarget(trees));
        }
        if (policies != null) {
            targets.add(new Apn6PolicyTarget(policies));
        }
        if (tunnels != null) {
            targets.add(new GtpuTunnelTarget(tunnels));
        }
        return targets;
    }

    /**
     * Returns every feature's target without its service: for what targets say without the
     * network (classes' shape, tables per load point, presets), never for planning a run.
     *
     * @return the snapshot
     */
    public static ExperimentTargets withoutServices() {
        return ExperimentTargets.of(List.of(new Msr6TreeTarget(), new Apn6PolicyTarget(), new GtpuTunnelTarget(),
                                            new BngSessionTarget()));
    }

    /**
     * Returns every feature's presets, as the experiment service offers them with every feature
     * running.
     *
     * @return the presets, in their order
     */
    public static List<Experiment> presets() {
        return withoutServices().presets();
    }

    /**
     * Returns one of the features' presets.
     *
     * @param id the preset's id, e.g. apn6-ietf109
     * @return the preset
     */
    public static Experiment preset(String id) {
        return presets().stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no preset " + id));
    }
}
