// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.PipeconfProfile;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.Optional;

/**
 * Whether a device's data-plane profile has a feature, asked before a feature's entries are
 * compiled for it: a profile built without the feature has none of its tables, so its entries
 * would only fail on the device. A device without a Sixflow pipeconf is left to the callers'
 * own checks (they refuse it or wait for it).
 */
public final class ProfileFeatures {

    private ProfileFeatures() {
    }

    /**
     * Returns why a device cannot serve a feature, if it cannot.
     *
     * @param device   the device
     * @param pipeconf the pipeconf it runs, if known
     * @param feature  the feature a request needs on it
     * @return e.g. "device:s1 runs profile gtpu, which has no MSR6"; empty when it can, or when it
     *         runs no Sixflow pipeconf
     */
    public static Optional<String> refusal(DeviceId device, Optional<PiPipeconfId> pipeconf, Feature feature) {
        Optional<PipeconfProfile> profile = pipeconf.flatMap(SixflowPipeconfs::profileOf);
        if (profile.isEmpty() || profile.get().has(feature)) {
            return Optional.empty();
        }
        return Optional.of(device + " runs profile " + profile.get().name() + ", which has no " + feature);
    }

    /**
     * Refuses a request a device's profile cannot serve.
     *
     * @param device   the device
     * @param pipeconf the pipeconf it runs, if known
     * @param feature  the feature a request needs on it
     * @throws IllegalArgumentException (REST: 400) naming the device and its profile
     */
    public static void require(DeviceId device, Optional<PiPipeconfId> pipeconf, Feature feature) {
        Optional<String> refusal = refusal(device, pipeconf, feature);
        if (refusal.isPresent()) {
            throw new IllegalArgumentException(refusal.get());
        }
    }

    /**
     * Returns why a device cannot take a feature's entries at all: it runs no Sixflow pipeconf,
     * or a profile without the feature.
     *
     * @param pipeconfs ONOS's pipeconfs
     * @param device    the device
     * @param feature   the feature
     * @return the reason, naming the device (and its pipeconf or profile); empty when it can
     */
    public static Optional<String> unfit(PiPipeconfService pipeconfs, DeviceId device, Feature feature) {
        Optional<PiPipeconfId> pipeconf = pipeconfs.ofDevice(device);
        if (pipeconf.isEmpty() || !SixflowPipeconfs.isSixflow(pipeconf.get())) {
            return Optional.of(device + " runs no Sixflow pipeconf" + pipeconf.map(p -> " (" + p + ")").orElse(""));
        }
        return refusal(device, pipeconf, feature);
    }
}
