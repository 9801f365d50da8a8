// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.junit.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Which waiting components the container test accepts.
 */
public class ComponentVerdictsTest {

    private final Map<String, ComponentDeclaration> declared = new LinkedHashMap<>();
    private final Map<String, List<String>> waiting = new LinkedHashMap<>();

    private void declare(String name, String... provides) throws Exception {
        StringBuilder xml = new StringBuilder("<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"")
                .append(name).append("\"><service>");
        for (String service : provides) {
            xml.append("<provide interface=\"").append(service).append("\"/>");
        }
        xml.append("</service></scr:component>");
        declared.put(name, ComponentDeclaration.parse(
                OnosAppArchive.parse(xml.toString().getBytes("UTF-8")).getDocumentElement()));
    }

    @Test
    public void waitingForOnosCoreServicesIsExpected() throws Exception {
        declare("History", "org.sixflow.app.api.HistoryService");
        waiting.put("History", List.of("org.onosproject.core.CoreService"));
        assertTrue(ComponentVerdicts.unexplained(declared, waiting).isEmpty());
    }

    @Test
    public void waitingForOurServiceThatWaitsForOnosIsExpected() throws Exception {
        declare("Recorder");
        declare("History", "org.sixflow.app.api.HistoryService");
        waiting.put("Recorder", List.of("org.sixflow.app.api.HistoryService"));
        waiting.put("History", List.of("org.onosproject.core.CoreService"));
        assertTrue(ComponentVerdicts.unexplained(declared, waiting).isEmpty());
    }

    @Test
    public void waitingForAServiceNobodyOffersIsReportedWithIt() throws Exception {
        declare("Pool");
        waiting.put("Pool", List.of("org.onosproject.core.CoreService", "javax.sql.DataSource"));
        assertEquals(Map.of("Pool", List.of("javax.sql.DataSource")), ComponentVerdicts.unexplained(declared, waiting));
    }

    @Test
    public void componentsWaitingOnlyForEachOtherAreReported() throws Exception {
        declare("A", "org.sixflow.A");
        declare("B", "org.sixflow.B");
        waiting.put("A", List.of("org.sixflow.B"));
        waiting.put("B", List.of("org.sixflow.A"));
        assertEquals(2, ComponentVerdicts.unexplained(declared, waiting).size());
    }
}
