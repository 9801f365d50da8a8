// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Checks a match against what the data plane can do and what the network has, and says what
 * is wrong in words a person can act on.
 */
public final class MatchValidator {

    private static final int TCP = 6;
    private static final int UDP = 17;

    private MatchValidator() {
    }

    /**
     * Returns the problems of a match; empty when it is valid.
     *
     * @param match          the match
     * @param ingressPortProblem says why a connect point cannot be an ingress port, naming it; empty if it can
     * @return problems, one sentence each
     */
    public static List<String> problems(Apn6Match match, Function<ConnectPoint, Optional<String>> ingressPortProblem) {
        ImmutableList.Builder<String> problems = ImmutableList.builder();
        boolean portsConstrained = !match.sourcePorts().equals(PortRange.ANY)
                || !match.destinationPorts().equals(PortRange.ANY);
        int nextHeader = match.nextHeader().orElse(-1);
        if (portsConstrained && nextHeader != TCP && nextHeader != UDP) {
            problems.add("L4 port ranges need nextHeader 6 (TCP) or 17 (UDP); got "
                                 + (nextHeader < 0 ? "none" : Integer.toString(nextHeader)));
        }
        if (nextHeader == 0 || nextHeader == 43 || nextHeader == 60) {
            problems.add("nextHeader " + nextHeader + " is an extension header, not an upper-layer protocol");
        }
        for (ConnectPoint port : match.ingressPorts()) {
            ingressPortProblem.apply(port).ifPresent(problem -> problems.add("ingress port " + problem));
        }
        return problems.build();
    }
}
