// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Parses Declarative Services component descriptors (namespaces http://www.osgi.org/xmlns/scr/v1.x.0)
 * with the JDK's XML parser.
 */
public final class DescriptorParser {

    private static final String SCR_NAMESPACE_PREFIX = "http://www.osgi.org/xmlns/scr/";

    private DescriptorParser() {
    }

    /**
     * Parses one descriptor file, which may hold one component or several.
     *
     * @param xml    the descriptor's content
     * @param source where it comes from, for messages
     * @return its components, in document order
     * @throws IllegalArgumentException when it is not a valid descriptor (the message names the source)
     * @throws IOException              when it cannot be read
     */
    public static List<ComponentDescriptor> parse(InputStream xml, String source) throws IOException {
        return parse(xml, source, null);
    }

    /**
     * Parses one descriptor file, reading {@code <properties entry="...">} files from its bundle.
     *
     * @param xml     the descriptor's content
     * @param source  where it comes from, for messages
     * @param entries the bundle's entries, or null when there is no bundle
     * @return its components, in document order
     * @throws IllegalArgumentException when it is not a valid descriptor (the message names the source)
     * @throws IOException              when it cannot be read
     */
    static List<ComponentDescriptor> parse(InputStream xml, String source, BundleEntries entries)
            throws IOException {
        Document document;
        try {
            document = newBuilder().parse(xml);
        } catch (SAXException e) {
            throw new IllegalArgumentException(source + " is not well-formed XML: " + e.getMessage(), e);
        }
        List<ComponentDescriptor> components = new ArrayList<>();
        Element root = document.getDocumentElement();
        if ("component".equals(root.getLocalName())) {
            components.add(component(root, source, entries));
        } else {
            // A wrapper element may hold several components in the SCR namespace.
            for (Element child : children(root)) {
                if ("component".equals(child.getLocalName()) && isScr(child)) {
                    components.add(component(child, source, entries));
                }
            }
        }
        if (components.isEmpty()) {
            throw new IllegalArgumentException(source + " declares no component");
        }
        return components;
    }

    private static DocumentBuilder newBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            // Descriptors never need a DTD or external entities; refuse them.
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            return factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("The JDK's XML parser cannot be configured", e);
        }
    }

    private static boolean isScr(Element element) {
        String ns = element.getNamespaceURI();
        return ns == null || ns.startsWith(SCR_NAMESPACE_PREFIX);
    }

    private static ComponentDescriptor component(Element element, String source, BundleEntries entries)
            throws IOException {
        if (!isScr(element)) {
            throw new IllegalArgumentException(source + ": component element in unknown namespace "
                                                       + element.getNamespaceURI());
        }
        String name = attribute(element, "name");
        Element implementation = only(element, "implementation", source);
        String className = implementation == null ? null : attribute(implementation, "class");
        if (name == null) {
            // SCR names a component after its implementation class when the descriptor does not.
            name = className;
        }
        if (className == null) {
            throw new IllegalArgumentException(source + ": component " + name + " has no implementation class");
        }
        String where = source + " (component " + name + ")";
        if (attribute(element, "factory") != null) {
            throw new IllegalArgumentException(where + ": factory components are not supported");
        }
        ComponentDescriptor.Builder builder = ComponentDescriptor.builder(name, className)
                .source(source)
                .activate(attribute(element, "activate"))
                .deactivate(attribute(element, "deactivate"))
                .modified(attribute(element, "modified"))
                .immediate(bool(attribute(element, "immediate"), null))
                .enabled(bool(attribute(element, "enabled"), true))
                .configurationPolicy(ComponentDescriptor.ConfigurationPolicy.parse(
                        attribute(element, "configuration-policy")))
                .configurationPid(firstPid(attribute(element, "configuration-pid")));
        for (Element child : children(element)) {
            switch (child.getLocalName()) {
                case "property":
                    property(builder, child, where);
                    break;
                case "properties":
                    properties(builder, child, where, entries);
                    break;
                case "service":
                    for (Element provide : children(child)) {
                        if ("provide".equals(provide.getLocalName())) {
                            builder.service(required(provide, "interface", where));
                        }
                    }
                    break;
                case "reference":
                    builder.reference(reference(child, where));
                    break;
                default:
                    // implementation (read above) and anything newer than this runtime knows
                    break;
            }
        }
        return builder.build();
    }

    private static ReferenceDescriptor reference(Element element, String where) {
        String name = attribute(element, "name");
        String what = where + ", reference " + (name == null ? attribute(element, "interface") : name);
        String interfaceName = required(element, "interface", what);
        String collectionType = attribute(element, "field-collection-type");
        if (collectionType != null && !"service".equals(collectionType)) {
            throw new IllegalArgumentException(what + ": field-collection-type " + collectionType
                                                       + " is not supported (only service)");
        }
        try {
            return new ReferenceDescriptor(
                    name, interfaceName,
                    ReferenceDescriptor.Cardinality.parse(orDefault(attribute(element, "cardinality"), "1..1")),
                    ReferenceDescriptor.Policy.valueOf(
                            orDefault(attribute(element, "policy"), "static").toUpperCase()),
                    ReferenceDescriptor.PolicyOption.valueOf(
                            orDefault(attribute(element, "policy-option"), "reluctant").toUpperCase()),
                    attribute(element, "field"),
                    ReferenceDescriptor.FieldOption.valueOf(
                            orDefault(attribute(element, "field-option"), "replace").toUpperCase()),
                    attribute(element, "bind"), attribute(element, "unbind"), attribute(element, "updated"),
                    attribute(element, "target"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    private static void property(ComponentDescriptor.Builder builder, Element element, String where) {
        String name = required(element, "name", where + ", property");
        String type = attribute(element, "type");
        String value = attribute(element, "value");
        try {
            if (value != null) {
                builder.property(name, PropertyValues.single(name, type, value));
                return;
            }
            // A body holds one value per non-blank line, and makes the property an array.
            List<String> lines = new ArrayList<>();
            for (String line : element.getTextContent().split("\\r?\\n")) {
                if (!line.trim().isEmpty()) {
                    lines.add(line.trim());
                }
            }
            builder.property(name, PropertyValues.multiple(name, type, lines));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static void properties(ComponentDescriptor.Builder builder, Element element, String where,
                                   BundleEntries entries) throws IOException {
        String entry = required(element, "entry", where + ", properties");
        if (entries == null) {
            throw new IllegalArgumentException(where + ": properties entry " + entry
                                                       + " cannot be read without its bundle");
        }
        try (InputStream in = entries.open(entry)) {
            if (in == null) {
                throw new IllegalArgumentException(where + ": properties entry " + entry + " is not in "
                                                           + entries.describe());
            }
            Properties loaded = new Properties();
            loaded.load(in);
            loaded.stringPropertyNames().stream().sorted()
                    .forEach(key -> builder.property(key, loaded.getProperty(key)));
        }
    }

    private static String firstPid(String pids) {
        if (pids == null || pids.trim().isEmpty()) {
            return null;
        }
        return pids.trim().split("\\s+")[0];
    }

    private static Boolean bool(String text, Boolean absent) {
        return text == null ? absent : Boolean.valueOf(text.trim());
    }

    private static String orDefault(String text, String absent) {
        return text == null ? absent : text;
    }

    private static String attribute(Element element, String name) {
        return element.hasAttribute(name) ? element.getAttribute(name) : null;
    }

    private static String required(Element element, String name, String where) {
        String value = attribute(element, name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(where + ": <" + element.getLocalName() + "> has no " + name);
        }
        return value;
    }

    private static Element only(Element parent, String localName, String source) {
        Element found = null;
        for (Element child : children(parent)) {
            if (localName.equals(child.getLocalName())) {
                if (found != null) {
                    throw new IllegalArgumentException(source + ": more than one <" + localName + ">");
                }
                found = child;
            }
        }
        return found;
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                elements.add((Element) nodes.item(i));
            }
        }
        return elements;
    }
}
