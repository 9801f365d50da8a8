// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.junit.Test;

import java.net.URI;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

public class ManagementUrisTest {

    @Test
    public void theDeviceIdIsReadFromTheQuery() {
        assertEquals(Long.valueOf(3), ManagementUris.p4DeviceId(URI.create("grpc://127.0.0.1:50003?device_id=3")));
        assertEquals(Long.valueOf(7), ManagementUris.p4DeviceId(URI.create("grpc://h:1?x=1&device_id=7")));
    }

    @Test
    public void theLargestUnsignedIdIsOne() {
        assertEquals(Long.valueOf(-1), ManagementUris.p4DeviceId(URI.create("grpc://h:1?device_id=18446744073709551615")));
    }

    @Test
    public void anAddressWithoutANumericIdHasNone() {
        assertNull(ManagementUris.p4DeviceId(null));
        assertNull(ManagementUris.p4DeviceId(URI.create("grpc://h:1")));
        assertNull(ManagementUris.p4DeviceId(URI.create("grpc://h:1?device=3")));
        assertNull(ManagementUris.p4DeviceId(URI.create("grpc://h:1?device_id=three")));
        assertNull(ManagementUris.p4DeviceId(URI.create("grpc://h:1?device_id=")));
    }
}
