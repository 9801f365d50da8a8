// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.provider.ProviderId;
import org.onlab.packet.ChassisId;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * A device's parser is looked up once, shared by devices of one timestamp unit, and looked up
 * again after any event of the device that may change its pipeconf (not after a port's).
 */
public class DeviceReportParsersTest {

    private static final DeviceId BMV2 = DeviceId.deviceId("device:bng");
    private static final DeviceId OTHER = DeviceId.deviceId("device:bng-forward");

    private final Map<DeviceId, Optional<Long>> units = new HashMap<>(Map.of(BMV2, Optional.of(1000L),
                                                                             OTHER, Optional.of(1000L)));
    private final AtomicInteger lookups = new AtomicInteger();
    private final DeviceReportParsers parsers = new DeviceReportParsers(id -> {
        lookups.incrementAndGet();
        return units.getOrDefault(id, Optional.empty());
    });

    private static DeviceEvent event(DeviceEvent.Type type, DeviceId id) {
        Device device = new DefaultDevice(ProviderId.NONE, id, Device.Type.SWITCH, "p4", "bmv2", "1", "0",
                                          new ChassisId());
        return new DeviceEvent(type, device);
    }

    @Test
    public void aDeviceIsLookedUpOnceUntilItsNextEvent() {
        TelemetryReportParser first = parsers.of(BMV2).orElseThrow();
        for (int i = 0; i < 1000; i++) {
            assertSame(first, parsers.of(BMV2).orElseThrow());
        }
        assertEquals(1, lookups.get());
        assertSame("one parser per timestamp unit", first, parsers.of(OTHER).orElseThrow());
        assertEquals(2, lookups.get());

        units.put(BMV2, Optional.of(1L));
        DeviceEvent changed = event(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, BMV2);
        assertTrue(parsers.isRelevant(changed));
        parsers.event(changed);
        TelemetryReportParser again = parsers.of(BMV2).orElseThrow();
        assertEquals(3, lookups.get());
        assertFalse("its new unit's parser", again == first);
        assertSame("the other device's stays", first, parsers.of(OTHER).orElseThrow());
        assertEquals(3, lookups.get());
    }

    @Test
    public void aDeviceWithoutReportsIsAskedAgainOnceItChanges() {
        DeviceId plain = DeviceId.deviceId("device:plain");
        assertEquals(Optional.empty(), parsers.of(plain));
        assertEquals(Optional.empty(), parsers.of(plain));
        assertEquals(1, lookups.get());
        units.put(plain, Optional.of(1000L));
        parsers.event(event(DeviceEvent.Type.DEVICE_UPDATED, plain));
        assertTrue(parsers.of(plain).isPresent());
        assertFalse("a port's event changes no pipeconf",
                    parsers.isRelevant(event(DeviceEvent.Type.PORT_STATS_UPDATED, plain)));
    }
}
