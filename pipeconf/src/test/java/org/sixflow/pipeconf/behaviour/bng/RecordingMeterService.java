// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * ONOS's meter service as the BNG behaviour sees it: it keeps each submitted meter by device and
 * cell (as MeterManager turns a scoped, indexed request into a PI meter cell), forgets a withdrawn
 * one, records both, and refuses a chosen index as MeterManager does without userDefinedIndex
 * (or, as its store does, outside the device's meter features).
 */
final class RecordingMeterService extends MeterServiceAdapter {

    final Map<DeviceId, Map<MeterCellId, Meter>> held = new LinkedHashMap<>();
    final List<MeterRequest> submitted = new ArrayList<>();
    final List<MeterCellId> withdrawn = new ArrayList<>();
    boolean userDefinedIndex = true;
    /** As the meter store refuses an index outside the device's meter features. */
    boolean invalidIndex;

    @Override
    public Meter submit(MeterRequest request) {
        if (!userDefinedIndex) {
            throw new IllegalArgumentException("Index cannot be provided when userDefinedIndex mode is disabled");
        }
        if (invalidIndex) {
            throw new IllegalArgumentException("Meter index is not valid");
        }
        submitted.add(request);
        MeterCellId cell = PiMeterCellId.ofIndirect(PiMeterId.of(request.scope().id()), request.index().get());
        Meter meter = DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withBands(request.bands()).withUnit(request.unit()).withCellId(cell).build();
        held.computeIfAbsent(request.deviceId(), d -> new LinkedHashMap<>()).put(cell, meter);
        return meter;
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId cell) {
        withdrawn.add(cell);
        held.getOrDefault(request.deviceId(), new LinkedHashMap<>()).remove(cell);
    }

    @Override
    public Meter getMeter(DeviceId device, MeterCellId cell) {
        return held.getOrDefault(device, Map.of()).get(cell);
    }

    @Override
    public Collection<Meter> getMeters(DeviceId device) {
        return List.copyOf(held.getOrDefault(device, Map.of()).values());
    }

    /** The cells ONOS holds a meter for on a device, as "meter[index]". */
    List<String> cells(DeviceId device) {
        return held.getOrDefault(device, Map.of()).keySet().stream().map(c -> (PiMeterCellId) c)
                .map(c -> c.meterId().id() + "[" + c.index() + "]").collect(Collectors.toList());
    }
}
