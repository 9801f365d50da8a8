// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.util.ArrayList;
import java.util.List;

/**
 * An SCR component as a bundle declares it in OSGI-INF (the XML its Service-Component header names):
 * its name and the service interfaces it provides.
 */
final class ComponentDeclaration {

    private final String name;
    private final List<String> provides;

    private ComponentDeclaration(String name, List<String> provides) {
        this.name = name;
        this.provides = List.copyOf(provides);
    }

    /**
     * Reads a component description.
     *
     * @param component the root element of an OSGI-INF component XML
     * @return the declaration
     */
    static ComponentDeclaration parse(Element component) {
        List<String> provides = new ArrayList<>();
        NodeList provided = component.getElementsByTagName("provide");
        for (int i = 0; i < provided.getLength(); i++) {
            provides.add(((Element) provided.item(i)).getAttribute("interface"));
        }
        return new ComponentDeclaration(component.getAttribute("name"), provides);
    }

    /** @return the component name SCR knows it by */
    String name() {
        return name;
    }

    /** @return the service interfaces it registers once active */
    List<String> provides() {
        return provides;
    }

    @Override
    public String toString() {
        return name;
    }
}
