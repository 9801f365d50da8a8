// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Path;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.PathElem;

import java.util.List;
import java.util.Optional;

/**
 * The OpenConfig path of interface counters, /interfaces/interface[name=*]/state/counters, and
 * where a notification's path points below it.
 */
final class CounterPaths {

    static final String INTERFACES = "interfaces";
    static final String INTERFACE = "interface";
    static final String NAME = "name";
    static final String STATE = "state";
    static final String COUNTERS = "counters";

    private CounterPaths() {
    }

    /**
     * Returns the counters of every interface (or of one).
     *
     * @param interfaceName an interface name, or "*" for all
     * @return the path
     */
    static Path counters(String interfaceName) {
        return Path.newBuilder()
                .addElem(PathElem.newBuilder().setName(INTERFACES))
                .addElem(PathElem.newBuilder().setName(INTERFACE).putKey(NAME, interfaceName))
                .addElem(PathElem.newBuilder().setName(STATE))
                .addElem(PathElem.newBuilder().setName(COUNTERS))
                .build();
    }

    /**
     * Locates a full path (prefix + update path) under an interface's counters.
     *
     * @param prefix the notification's prefix
     * @param path   the update's path
     * @return the interface and the leaf (empty leaf: the counters container itself); empty if
     *         the path is not an interface's counters
     */
    static Optional<Location> locate(Path prefix, Path path) {
        List<PathElem> elems = ImmutableList.<PathElem>builder().addAll(prefix.getElemList())
                .addAll(path.getElemList()).build();
        if (elems.size() < 4 || elems.size() > 5 || !named(elems.get(0), INTERFACES)
                || !named(elems.get(1), INTERFACE) || !named(elems.get(2), STATE)
                || !named(elems.get(3), COUNTERS)) {
            return Optional.empty();
        }
        String name = elems.get(1).getKeyOrDefault(NAME, "");
        if (name.isEmpty() || name.equals("*")) {
            return Optional.empty();
        }
        String leaf = elems.size() == 5 ? unqualified(elems.get(4).getName()) : "";
        return Optional.of(new Location(name, leaf));
    }

    /** Strips a YANG module prefix ("openconfig-interfaces:in-octets" is "in-octets"). */
    static String unqualified(String name) {
        int colon = name.indexOf(':');
        return colon < 0 ? name : name.substring(colon + 1);
    }

    private static boolean named(PathElem elem, String name) {
        return unqualified(elem.getName()).equals(name);
    }

    /** An interface and a counter leaf under it. */
    static final class Location {
        private final String interfaceName;
        private final String leaf;

        Location(String interfaceName, String leaf) {
            this.interfaceName = interfaceName;
            this.leaf = leaf;
        }

        String interfaceName() {
            return interfaceName;
        }

        /** The counter's leaf name, or "" for the whole counters container. */
        String leaf() {
            return leaf;
        }
    }
}
