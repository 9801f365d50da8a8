// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import org.junit.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The demo's connector closes silent connections and queues connections as the ONOS the lab
 * stages does (tools/onos/etc/jetty.xml), so what the fuzz suite and the benches find on the demo
 * holds inside ONOS.
 */
public class DemoJettySettingsTest {

    private static final File JETTY_XML = new File("../../tools/onos/etc/jetty.xml");

    private static Map<String, String> connectorSettings() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Element root = factory.newDocumentBuilder().parse(JETTY_XML).getDocumentElement();
        Map<String, String> settings = new HashMap<>();
        NodeList created = root.getElementsByTagName("New");
        for (int i = 0; i < created.getLength(); i++) {
            Element element = (Element) created.item(i);
            if (!"org.eclipse.jetty.server.ServerConnector".equals(element.getAttribute("class"))) {
                continue;
            }
            NodeList sets = element.getElementsByTagName("Set");
            for (int j = 0; j < sets.getLength(); j++) {
                Element set = (Element) sets.item(j);
                settings.put(set.getAttribute("name"), set.getTextContent().trim());
            }
        }
        return settings;
    }

    @Test
    public void theDemosConnectorHasOnossTimeoutAndAcceptQueue() throws Exception {
        Map<String, String> settings = connectorSettings();
        assertEquals(String.valueOf(DemoWebServer.IDLE_TIMEOUT_MILLIS), settings.get("idleTimeout"));
        assertEquals(String.valueOf(DemoWebServer.ACCEPT_QUEUE_SIZE), settings.get("acceptQueueSize"));
    }
}
