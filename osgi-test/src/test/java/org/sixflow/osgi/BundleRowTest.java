// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Reading {@code bundle:list -t 0 -l} as Karaf 4.2.9 prints it.
 */
public class BundleRowTest {

    @Test
    public void bundleListRowsKeepIdStateVersionAndLocation() {
        List<BundleRow> rows = BundleRow.parse(String.join("\n",
                "START LEVEL 100 , List Threshold: 0",
                " ID | State     | Lvl | Version        | Location",
                "----+-----------+-----+----------------+-----------------------------------------",
                "  0 | Active    |   0 | 5.6.12         | System Bundle",
                "217 | Waiting   |  80 | 0.1.0.SNAPSHOT | mvn:org.sixflow/sixflow-app/0.1.0-SNAPSHOT",
                "218 | Installed |  80 | 42.7.14        | mvn:org.postgresql/postgresql/42.7.14"));
        assertEquals(3, rows.size());
        assertEquals("5.6.12", rows.get(0).version());
        assertTrue(rows.get(1).started());
        assertFalse(rows.get(2).started());
        assertEquals("mvn:org.sixflow/sixflow-app/0.1.0-SNAPSHOT", rows.get(1).location());
        assertTrue(rows.get(2).unresolved());
    }
}
