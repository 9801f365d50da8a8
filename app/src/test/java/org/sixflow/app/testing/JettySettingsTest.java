// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.junit.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The connector settings ONOS's Jetty needs (tools/onos/etc/jetty.xml, which the bmv2 lab installs
 * and docs/install.md describes) are the ones the demo and e2e harness run with (WebHarness).
 */
public class JettySettingsTest {

    private static final File JETTY_XML = new File("../tools/onos/etc/jetty.xml");

    private static Map<String, String> connectorSettings() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Element root = factory.newDocumentBuilder().parse(JETTY_XML).getDocumentElement();
        Map<String, String> settings = new HashMap<>();
        NodeList news = root.getElementsByTagName("New");
        for (int i = 0; i < news.getLength(); i++) {
            Element created = (Element) news.item(i);
            if (!"org.eclipse.jetty.server.ServerConnector".equals(created.getAttribute("class"))) {
                continue;
            }
            NodeList sets = created.getElementsByTagName("Set");
            for (int j = 0; j < sets.getLength(); j++) {
                Element set = (Element) sets.item(j);
                settings.put(set.getAttribute("name"), set.getTextContent().trim());
            }
        }
        return settings;
    }

    @Test
    public void onosConnectorHasTheHarnesssTimeoutAndAcceptQueue() throws Exception {
        Map<String, String> settings = connectorSettings();
        assertEquals(String.valueOf(WebHarness.IDLE_TIMEOUT_MILLIS), settings.get("idleTimeout"));
        assertEquals(String.valueOf(WebHarness.ACCEPT_QUEUE_SIZE), settings.get("acceptQueueSize"));
    }
}
