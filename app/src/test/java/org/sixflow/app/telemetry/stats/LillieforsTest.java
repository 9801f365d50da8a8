// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Lilliefors' p-values against the published tables of critical distances.
 */
public class LillieforsTest {

    /**
     * Lilliefors (JASA 62, 1967, Table 1): n, then the critical distance at 0.10, 0.05 and 0.01.
     * A simulation of 1,000 samples per n, two decimals, which Dallal and Wilkinson (1986) found
     * a little off: the p-value at each is held within 0.02 of its level (the plain Kolmogorov
     * p-value at these distances is 0.2 to 0.55).
     */
    private static final double[][] LILLIEFORS_1967 = {
            {10, 0.239, 0.258, 0.294}, {20, 0.174, 0.190, 0.231}, {30, 0.144, 0.161, 0.187},
    };

    @Test
    public void criticalDistancesOfThePublishedTableGiveTheirLevels() {
        double[] levels = {0.10, 0.05, 0.01};
        for (double[] row : LILLIEFORS_1967) {
            for (int i = 0; i < levels.length; i++) {
                double p = Lilliefors.pValue(row[i + 1], (long) row[0]);
                assertEquals("n=" + row[0] + " D=" + row[i + 1], levels[i], p, 0.02);
            }
        }
    }

    @Test
    public void largeSamplesFollowTheAsymptoticCriticalValues() {
        // Dallal and Wilkinson's scaling beyond n = 100; Lilliefors' large-n critical value at 0.01 is 1.031/√n.
        for (long n : new long[]{200, 1_000}) {
            assertEquals("n=" + n, 0.01, Lilliefors.pValue(1.031 / Math.sqrt(n), n), 0.01);
        }
    }

    @Test
    public void isBelowThePlainKolmogorovPValueThatAssumesANormalFixedInAdvance() {
        // n = 20, D = 0.19: Lilliefors about 0.05, the plain Kolmogorov distribution about 0.42.
        double kolmogorov = 1 - new KolmogorovSmirnovTest().cdf(0.19, 20, false);
        double lilliefors = Lilliefors.pValue(0.19, 20);
        assertTrue(kolmogorov > 0.4);
        assertTrue("Lilliefors " + lilliefors, lilliefors < 0.07);
    }

    @Test
    public void fallsAsTheDistanceGrowsAndStaysAProbability() {
        double last = 1;
        for (double d = 0; d < 0.5; d += 0.005) {
            double p = Lilliefors.pValue(d, 50);
            assertTrue("D=" + d, p <= last + 1e-9 && p >= 0 && p <= 1);
            last = p;
        }
        assertEquals(1, Lilliefors.pValue(0.01, 50), 0);
        assertTrue(Lilliefors.pValue(0.6, 50) < 1e-10);
        assertTrue(Double.isNaN(Lilliefors.pValue(0.1, 4)));
        assertTrue(Double.isNaN(Lilliefors.pValue(Double.NaN, 50)));
    }
}
