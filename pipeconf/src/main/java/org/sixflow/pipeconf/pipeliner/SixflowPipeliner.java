// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.NextGroup;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.slf4j.Logger;

import java.util.List;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Pipeliner of the Sixflow pipeconfs (bmv2 and Tofino share it: their tables have the same
 * names). Without one, ONOS cannot install the packet requests of its LLDP and host providers
 * (PacketManager sends them as forwarding objectives), so LLDP is never punted and no link is
 * discovered.
 *
 * <p>Forwarding objectives become entries of the P4 {@code acl} table; filtering and next
 * objectives are refused, since the pipeline has neither stage (the translators' javadoc says
 * why refusing is right). An objective's context hears of success only once the device has
 * taken its entries, and of failure with FLOWINSTALLATIONFAILED if it did not; a refused
 * objective is reported with UNSUPPORTED or BADPARAMS and the reason is logged.
 */
public class SixflowPipeliner extends AbstractHandlerBehaviour implements Pipeliner {

    private final Logger log = getLogger(getClass());

    private DeviceId deviceId;
    private FlowRuleService flowRuleService;
    private ForwardingObjectiveTranslator forwarding;
    private final FilteringObjectiveTranslator filtering = new FilteringObjectiveTranslator();
    private final NextObjectiveTranslator next = new NextObjectiveTranslator();

    @Override
    public void init(DeviceId deviceId, PipelinerContext context) {
        this.deviceId = deviceId;
        this.flowRuleService = context.directory().get(FlowRuleService.class);
        this.forwarding = new ForwardingObjectiveTranslator(deviceId);
    }

    @Override
    public void forward(ForwardingObjective objective) {
        apply(objective, () -> forwarding.translate(objective));
    }

    @Override
    public void filter(FilteringObjective objective) {
        apply(objective, () -> filtering.translate(objective));
    }

    @Override
    public void next(NextObjective objective) {
        apply(objective, () -> next.translate(objective));
    }

    @Override
    public void purgeAll(ApplicationId appId) {
        flowRuleService.purgeFlowRules(deviceId, appId);
    }

    /**
     * Returns no mappings: next objectives are refused, so there are no groups to show.
     *
     * @param nextGroup a next group
     * @return an empty list
     */
    @Override
    public List<String> getNextMappings(NextGroup nextGroup) {
        return List.of();
    }

    private void apply(Objective objective, Translation translation) {
        List<FlowRule> rules;
        try {
            rules = translation.rules();
        } catch (ObjectiveRefusedException e) {
            log.warn("Refused objective {} from {} on {}: {} ({})", objective.id(), objective.appId(), deviceId,
                     e.getMessage(), e.error());
            objective.context().ifPresent(context -> context.onError(objective, e.error()));
            return;
        }
        FlowRuleOperations.Builder operations = FlowRuleOperations.builder();
        boolean remove = objective.op() == Objective.Operation.REMOVE;
        rules.forEach(remove ? operations::remove : operations::add);
        flowRuleService.apply(operations.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations ops) {
                objective.context().ifPresent(context -> context.onSuccess(objective));
            }

            @Override
            public void onError(FlowRuleOperations ops) {
                log.warn("Device {} did not take the acl entries of objective {} ({}): {}", deviceId, objective.id(),
                         objective.op(), ops);
                objective.context().ifPresent(context -> context.onError(objective,
                                                                          ObjectiveError.FLOWINSTALLATIONFAILED));
            }
        }));
    }

    /** A translator's answer for one objective. */
    @FunctionalInterface
    private interface Translation {
        List<FlowRule> rules() throws ObjectiveRefusedException;
    }
}
