// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.experiments;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PPPoE sessions as experiment classes exercise them: a class names a subscriber (user name or
 * line name) and gives a packet from its prefixes (upstream: sent in the session's PPPoE framing
 * at its line's port, terminated by the BNG) or to them (downstream: encapsulated by the BNG).
 * The bng profiles measure both as ipv6, the class every routed packet has; so a class naming a
 * session has every device on its path report its packets in full when the experiment measures
 * the stages (the split's access and forwarding switches both), which other ipv6 classes do not.
 * Offered while the BNG runs, with the PPPoE study's single and split presets.
 */
@Component(immediate = true, service = ExperimentTarget.class)
public class BngSessionTarget implements ExperimentTarget {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected BngService bngService;

    /** The session each subscriber a run planned with had then (by the name the class gives). */
    private final Map<String, Long> planned = new ConcurrentHashMap<>();

    /** The target, as OSGi makes it. */
    public BngSessionTarget() {
    }

    /**
     * The target over a given BNG service.
     *
     * @param bngService where sessions are looked up
     */
    public BngSessionTarget(BngService bngService) {
        this.bngService = bngService;
    }

    @Override
    public Field field() {
        return Field.SESSION;
    }

    @Override
    public Set<LatencyClass> latencyClasses() {
        return Set.of(LatencyClass.IPV6);
    }

    @Override
    public Set<LatencyClass> downstreamClasses(ExperimentClass c) {
        return c.session().isPresent() ? Set.of(LatencyClass.IPV6) : Set.of();
    }

    @Override
    public List<ExperimentPreset> presets() {
        return BngPresets.all();
    }

    @Override
    public boolean tablesPerPacketCount() {
        return true;
    }

    @Override
    public void shapeProblems(Experiment e, ExperimentClass c, String at, Map<String, String> problems) {
        if (c.session().isEmpty()) {
            return;
        }
        if (c.session().get().isBlank()) {
            problems.put(at + ".session", "a subscriber's user name or its line's name (device/port/S-VID/C-VID)");
        }
        if (c.latencyClass() != LatencyClass.IPV6) {
            problems.put(at + ".latencyClass", "the BNG measures a session's packets (terminated upstream, "
                    + "encapsulated downstream) as ipv6, not " + c.latencyClass().label());
        }
    }

    @Override
    public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at, Map<String, String> problems) {
        // An upstream packet is accepted at its line's port only: without the port it cannot be checked.
        problems.put("ingress", "a class naming a PPPoE session is planned with the port its packets enter by, not "
                + "device " + ingress + " alone");
        return c.packet();
    }

    @Override
    public Optional<ProbePacket> plan(ExperimentClass c, ConnectPoint ingress, String at,
                                      Map<String, String> problems) {
        String ref = c.session().orElseThrow();
        Optional<BngSession> session = SessionLookup.up(bngService, ref);
        if (session.isEmpty()) {
            problems.put(at + ".session", "no PPPoE session of " + ref + " is up (a subscriber's user name or its "
                    + "line's name device/port/S-VID/C-VID)");
            return c.packet();
        }
        planned.put(ref, session.get().id());
        return SessionCheck.plan(c, session.get(), bngService.accessMac(session.get().line().port().deviceId()),
                                 ingress, at, problems);
    }

    @Override
    public Optional<String> changedDuringRun(ExperimentClass c) {
        String ref = c.session().orElseThrow();
        Long before = planned.get(ref);
        if (before == null) {
            return Optional.empty();
        }
        Optional<BngSession> now = SessionLookup.up(bngService, ref);
        if (now.isEmpty()) {
            return Optional.of("PPPoE session " + before + " of " + ref + " ended");
        }
        if (now.get().id() != before) {
            return Optional.of("PPPoE session " + before + " of " + ref + " ended and " + now.get().id()
                                       + " came up with another session id");
        }
        return Optional.empty();
    }
}
