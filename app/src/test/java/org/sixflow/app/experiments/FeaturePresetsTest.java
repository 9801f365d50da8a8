// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.collect.Collections2;
import org.junit.Test;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.features.apn6.experiments.Apn6PolicyTarget;
import org.sixflow.app.features.bng.experiments.BngSessionTarget;
import org.sixflow.app.features.gtpu.experiments.GtpuTunnelTarget;
import org.sixflow.app.features.msr6.experiments.Msr6TreeTarget;
import org.sixflow.app.testing.FeatureExperimentTargets;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/**
 * The presets the features contribute, as the experiment service lists them: each passes
 * validation, and the list (GET experiments/presets, which the dashboard, the docs and the lab's
 * scripts name by id) is the same whichever order the features started in; a feature that is not
 * running offers none of its own.
 */
public class FeaturePresetsTest {

    private static final List<String> IDS = List.of("apn6-ietf109", "msr6-ietf119", "load-grid", "gtpu-murakami",
                                                         "pppoe-single", "pppoe-split");

    private static List<String> ids(List<Experiment> presets) {
        return presets.stream().map(Experiment::id).collect(Collectors.toList());
    }

    @Test
    public void everyPresetIsValid() {
        ExperimentTargets features = FeatureExperimentTargets.withoutServices();
        for (Experiment e : features.presets()) {
            assertEquals(e.id(), Map.of(), ExperimentValidator.problems(e, 50_000, features));
        }
        assertEquals(IDS, ids(features.presets()));
    }

    @Test
    public void theListIsTheSameWhicheverOrderTheFeaturesStartedIn() {
        List<Experiment> expected = FeatureExperimentTargets.presets();
        ExperimentTarget t = new Msr6TreeTarget();
        ExperimentTarget p = new Apn6PolicyTarget();
        ExperimentTarget g = new GtpuTunnelTarget();
        ExperimentTarget b = new BngSessionTarget();
        for (List<ExperimentTarget> bound : Collections2.permutations(List.of(t, p, g, b))) {
            assertEquals(bound.toString(), expected, ExperimentTargets.of(bound).presets());
        }
    }

    @Test
    public void aFeatureNotRunningOffersNoneOfItsOwn() {
        assertEquals(List.of("apn6-ietf109", "msr6-ietf119", "load-grid"),
                     ids(ExperimentTargets.of(List.of(new Msr6TreeTarget(), new Apn6PolicyTarget())).presets()));
        assertEquals(List.of("msr6-ietf119", "gtpu-murakami"),
                     ids(ExperimentTargets.of(List.of(new GtpuTunnelTarget(), new Msr6TreeTarget())).presets()));
        assertEquals(List.of(), ExperimentTargets.NONE.presets());
    }
}
