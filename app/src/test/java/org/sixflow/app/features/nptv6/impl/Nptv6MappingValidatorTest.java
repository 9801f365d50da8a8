// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.junit.Test;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.example;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.mapping;

/**
 * The rules between the mappings of one device, each problem named once and exactly.
 */
public class Nptv6MappingValidatorTest {

    private static final List<NamedNptv6Mapping> STORED = List.of(example("isp1"));

    @Test
    public void aSecondProviderOfTheSiteAnotherSiteAndAnotherDeviceFit() {
        assertEquals(List.of(), Nptv6MappingValidator.problems(
                mapping("isp2", "fd01:203:405::/48", "2001:db8:2::/48", "device:beijing/3"), STORED));
        assertEquals(List.of(), Nptv6MappingValidator.problems(
                mapping("site2", "fd09::/48", "2001:db8:9::/48", "device:beijing/3"), STORED));
        assertEquals(List.of(), Nptv6MappingValidator.problems(
                mapping("other", "fd01:203:405::/48", "2001:db8:1::/48", "device:nanjing/2"), STORED));
        // The stored version of the same id is not a clash with itself.
        assertEquals(List.of(), Nptv6MappingValidator.problems(example("isp1"), STORED));
    }

    @Test
    public void eachClashIsNamedWithItsFieldAndTheOtherMapping() {
        assertEquals(List.of("uplink: device:beijing/2 has mapping isp1 already (one mapping per uplink:"
                                     + " nptv6_outbound is keyed by the egress port)"),
                     Nptv6MappingValidator.problems(
                             mapping("b", "fd02::/48", "2001:db8:2::/48", "device:beijing/2"), STORED));
        assertEquals(List.of("externalPrefix: 2001:db8:1::/48 overlaps mapping isp1's external prefix"
                                     + " 2001:db8:1::/48 on device:beijing (nptv6_inbound matches the destination"
                                     + " alone, on every port)"),
                     Nptv6MappingValidator.problems(
                             mapping("b", "fd02::/48", "2001:db8:1::/48", "device:beijing/3"), STORED));
        assertEquals(List.of("internalPrefix: 2001:db8::/32 overlaps mapping isp1's external prefix 2001:db8:1::/48"
                                     + " on device:beijing (nptv6_inbound would translate packets sent to the site)"),
                     Nptv6MappingValidator.problems(
                             mapping("b", "2001:db8::/32", "2002::/32", "device:beijing/3"), STORED));
        assertEquals(List.of("externalPrefix: fd01::/16 overlaps mapping isp1's internal prefix fd01:203:405::/48"
                                     + " on device:beijing (nptv6_inbound would translate packets sent to that"
                                     + " site)"),
                     Nptv6MappingValidator.problems(
                             mapping("b", "fd09::/16", "fd01::/16", "device:beijing/3"), STORED));
        assertEquals(List.of("internalPrefix: fd01:203::/32 overlaps mapping isp1's internal prefix"
                                     + " fd01:203:405::/48 on device:beijing without being equal (the mappings of"
                                     + " one device share a site's internal prefix or have disjoint ones)"),
                     Nptv6MappingValidator.problems(
                             mapping("b", "fd01:203::/32", "2001:db9::/32", "device:beijing/3"), STORED));
    }
}
