// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.packet.msr6.Msid;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads an M-SID list back into parent links, as the data plane would replicate it: the
 * inverse of {@link MrhEncoder}, used to check encodings and to show them.
 */
public final class MrhDecoder {

    private MrhDecoder() {
    }

    /**
     * Decodes the list.
     *
     * @param msids        the M-SID list
     * @param rootChildren how many copies the ingress edge makes (the first entries)
     * @param vertexOf     locator to vertex
     * @return each reached vertex's parent (the root is -1)
     * @throws IllegalArgumentException if a pointer or copy runs past the list
     */
    public static Map<Integer, Integer> parents(List<Ip6Address> msids, int rootChildren,
                                                Map<Ip6Prefix, Integer> vertexOf) {
        return parents(msids, rootChildren, vertexOf, sid -> Msid.behaviourCode(sid) == MrhEncoder.END_RLB_X_FUNCTION);
    }

    /**
     * Decodes the list, telling End.RLB.X SIDs apart by a predicate (behaviour codes are netcfg).
     *
     * @param msids        the M-SID list
     * @param rootChildren how many copies the ingress edge makes
     * @param vertexOf     locator to vertex
     * @param isRlb        whether an M-SID is an End.RLB.X SID
     * @return each reached vertex's parent (the root is -1)
     */
    public static Map<Integer, Integer> parents(List<Ip6Address> msids, int rootChildren,
                                                Map<Ip6Prefix, Integer> vertexOf, Predicate<Ip6Address> isRlb) {
        Map<Integer, Integer> parents = new HashMap<>();
        for (int p = 0; p < rootChildren; p++) {
            parents.put(vertex(msids.get(p), vertexOf), -1);
        }
        for (Ip6Address sid : msids) {
            int pointer = Msid.pointer(sid);
            int argument = Msid.argument(sid);
            int copies = isRlb.test(sid) ? Integer.bitCount(argument)
                    : argument == 0 && pointer == 0 ? 0 : argument + 1;
            if (copies > 0 && pointer + copies > msids.size()) {
                throw new IllegalArgumentException("SID " + sid + " copies past the " + msids.size() + " M-SIDs");
            }
            for (int i = 0; i < copies; i++) {
                parents.put(vertex(msids.get(pointer + i), vertexOf), vertex(sid, vertexOf));
            }
        }
        return parents;
    }

    private static int vertex(Ip6Address sid, Map<Ip6Prefix, Integer> vertexOf) {
        Integer v = vertexOf.get(Msid.locator(sid));
        if (v == null) {
            throw new IllegalArgumentException("no node has the locator of " + sid);
        }
        return v;
    }
}
