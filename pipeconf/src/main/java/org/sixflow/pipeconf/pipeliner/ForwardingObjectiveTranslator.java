// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.pi.runtime.PiAction;

import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.badParams;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.unsupported;

/**
 * Turns a forwarding objective into entries of the P4 {@code acl} table, the only table of the
 * Sixflow pipeline that objectives drive: the packet requests of ONOS's LLDP and host providers
 * (through PacketManager: VERSATILE, punt with deferred instructions wiped) and ACL-style drops.
 *
 * <p>Refused with UNSUPPORTED: SPECIFIC and EGRESS objectives (routing and MSR6 tables are
 * programmed by Sixflow's own managers, not through objectives), objectives pointing at a next
 * objective (the pipeline has no next tables), operations other than ADD and REMOVE, and
 * whatever {@link AclMatchTranslator} or {@link AclActionTranslator} cannot map.
 */
final class ForwardingObjectiveTranslator {

    private final DeviceId deviceId;

    /**
     * Creates a translator for one device.
     *
     * @param deviceId the device the entries are for
     */
    ForwardingObjectiveTranslator(DeviceId deviceId) {
        this.deviceId = checkNotNull(deviceId);
    }

    /**
     * Returns the acl entries that carry out an objective; the same entries for its ADD and
     * its REMOVE, so that removing finds what adding installed.
     *
     * @param objective the objective
     * @return the entries, at the objective's priority
     * @throws ObjectiveRefusedException with the error to report when it cannot be carried out
     */
    List<FlowRule> translate(ForwardingObjective objective) throws ObjectiveRefusedException {
        if (objective.flag() != ForwardingObjective.Flag.VERSATILE) {
            throw unsupported(objective.flag() + " forwarding objectives have no table here; only VERSATILE ones "
                                      + "(acl entries) are supported");
        }
        if (objective.op() != Objective.Operation.ADD && objective.op() != Objective.Operation.REMOVE) {
            throw unsupported("operation " + objective.op() + " on a forwarding objective; ADD and REMOVE are "
                                      + "supported");
        }
        if (objective.nextId() != null) {
            throw unsupported("next objective " + objective.nextId() + ": the pipeline has no next tables");
        }
        TrafficTreatment treatment = objective.treatment();
        if (treatment == null) {
            throw badParams("a forwarding objective without a next id needs a treatment");
        }
        PiAction action = AclActionTranslator.translate(treatment);
        ImmutableList.Builder<FlowRule> rules = ImmutableList.builder();
        for (PiCriterion match : AclMatchTranslator.translate(objective.selector())) {
            rules.add(rule(objective, match, action));
        }
        return rules.build();
    }

    private FlowRule rule(ForwardingObjective objective, PiCriterion match, PiAction action) {
        FlowRule.Builder rule = DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(SIXFLOW_INGRESS_ACL_ACL)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(objective.priority())
                .fromApp(objective.appId());
        if (objective.permanent()) {
            rule.makePermanent();
        } else {
            rule.makeTemporary(objective.timeout());
        }
        return rule.build();
    }
}
