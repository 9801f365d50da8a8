// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import org.junit.Test;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A run's cells as RFC 4180 CSV: a header, then a line per cell; a text with a quote, comma or line
 * break is quoted with its quotes doubled, and a text a spreadsheet would take for a formula is
 * written as text.
 */
public class StudyCsvTest {

    private static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");

    private static String lastField(String error) {
        TrialCell cell = TrialCell.builder(new PlannedTrial(3, MultihomingProtocol.IPV6, List.of(), 1514,
                                                            StudyTransport.TCP, null, 2), T0)
                .sent(-0.5, null, null).error(error).build();
        String csv = StudyCsv.of(List.of(cell));
        assertTrue(csv.endsWith("\r\n"));
        String row = csv.substring(csv.indexOf("\r\n") + 2, csv.length() - 2);
        assertTrue("a negative figure is a number, not a formula: " + row,
                   row.startsWith("3,IPV6,,1514,TCP,,2,2026-11-30T01:00:00Z,-0.5,,"));
        return row.substring(row.lastIndexOf(",,") + 2);
    }

    @Test
    public void theHeaderNamesEveryColumn() {
        assertEquals(String.join(",", StudyCsv.HEADER) + "\r\n", StudyCsv.of(List.of()));
        assertEquals(30, StudyCsv.HEADER.size());
    }

    @Test
    public void plainTextIsWrittenAsItIs() {
        assertEquals("no route to fd00:5:c::10", lastField("no route to fd00:5:c::10"));
    }

    @Test
    public void aTextWithAQuoteCommaOrLineBreakIsQuotedWithItsQuotesDoubled() {
        assertEquals("\"iperf3's client: \"\"unable\"\", refused\"", lastField("iperf3's client: \"unable\", refused"));
        assertEquals("\"two\r\nlines\"", lastField("two\r\nlines"));
    }

    @Test
    public void aTextThatLooksLikeAFormulaIsWrittenAsText() {
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\")\"", lastField("=HYPERLINK(\"http://x\")"));
        assertEquals("\"'+1\"", lastField("+1"));
        assertEquals("\"'-P 4 refused\"", lastField("-P 4 refused"));
        assertEquals("\"'@SUM(A1)\"", lastField("@SUM(A1)"));
    }
}
