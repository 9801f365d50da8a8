// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.List;
import java.util.Optional;

/**
 * Writes and resets a device's BNG meter cells through ONOS's MeterService ({@link BngLineMeters}
 * says which and why that service): a cell with a rate is submitted at the line's index; a cell
 * to be unmetered is withdrawn if ONOS holds a meter for it (which resets it on the device), and
 * left alone otherwise, so unmetered lines never need the service's user-defined indexes.
 */
final class BngMeterWriter {

    /** The component and property a chosen meter index needs (ONOS 2.7's MeterManager). */
    static final String USER_DEFINED_INDEX = "org.onosproject.net.meter.impl.MeterManager userDefinedIndex";

    private final MeterService meters;
    private final DeviceId deviceId;

    BngMeterWriter(MeterService meters, DeviceId deviceId) {
        this.meters = meters;
        this.deviceId = deviceId;
    }

    /**
     * Gives each cell what it should hold: its rate, or unmetered.
     *
     * @param appId the app the meters belong to
     * @param cells the line's cells on this device
     * @throws BngProgrammableException when ONOS refuses a rate (MeterManager without userDefinedIndex)
     */
    void write(ApplicationId appId, List<BngLineMeters.Cell> cells) throws BngProgrammableException {
        for (BngLineMeters.Cell cell : cells) {
            if (cell.rate.isEmpty()) {
                reset(appId, List.of(cell));
                continue;
            }
            try {
                meters.submit(BngLineMeters.write(deviceId, appId, cell));
            } catch (IllegalArgumentException e) {
                throw new BngProgrammableException("ONOS refused the meter " + cell + " on " + deviceId + ": "
                                                           + e.getMessage() + " (" + why(e) + ")");
            }
        }
    }

    /**
     * What an operator can do about MeterManager's refusal: it takes a chosen index only with
     * userDefinedIndex on, and only within the meter features its store has of the device's P4
     * meter (read when the device connected).
     */
    private static String why(IllegalArgumentException refusal) {
        return String.valueOf(refusal.getMessage()).contains("userDefinedIndex")
                ? "the line's meter cell is its line id: set " + USER_DEFINED_INDEX + " true"
                : "ONOS has no meter features of this P4 meter on the device yet, or the line id is past its size";
    }

    /**
     * Resets the cells to unmetered: withdraws ONOS's meter of each that has one.
     *
     * @param appId the app the meters belong to
     * @param cells the cells
     */
    void reset(ApplicationId appId, List<BngLineMeters.Cell> cells) {
        for (BngLineMeters.Cell cell : cells) {
            if (meters.getMeter(deviceId, cell.cellId()) != null) {
                meters.withdraw(BngLineMeters.reset(deviceId, appId, cell), cell.cellId());
            }
        }
    }

    /**
     * Resets every BNG meter cell an app holds on the device (the behaviour's cleanUp).
     *
     * @param appId the app
     */
    void resetAll(ApplicationId appId) {
        for (Meter meter : meters.getMeters(deviceId)) {
            if (meter.appId().equals(appId) && meter.meterCellId() instanceof PiMeterCellId
                    && BngLineMeters.METERS.contains(((PiMeterCellId) meter.meterCellId()).meterId())) {
                PiMeterCellId cell = (PiMeterCellId) meter.meterCellId();
                reset(appId, List.of(new BngLineMeters.Cell(cell.meterId(), cell.index(), Optional.empty())));
            }
        }
    }
}
