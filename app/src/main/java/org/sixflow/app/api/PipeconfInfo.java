// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A registered pipeconf and the devices that run it.
 */
public final class PipeconfInfo {

    /** Targets a pipeconf can be compiled for, told apart by the artifacts it carries. */
    public enum Target { BMV2, TOFINO, OTHER }

    private final PiPipeconf pipeconf;
    private final Set<DeviceId> devices;

    private PipeconfInfo(PiPipeconf pipeconf, Set<DeviceId> devices) {
        this.pipeconf = checkNotNull(pipeconf);
        this.devices = ImmutableSet.copyOf(devices);
    }

    /**
     * Creates the view of a pipeconf.
     *
     * @param pipeconf the pipeconf
     * @param devices  devices bound to it
     * @return the view
     */
    public static PipeconfInfo of(PiPipeconf pipeconf, Set<DeviceId> devices) {
        return new PipeconfInfo(pipeconf, devices);
    }

    public String id() {
        return pipeconf.id().id();
    }

    public PiPipelineModel model() {
        return pipeconf.pipelineModel();
    }

    public Set<PiPipeconf.ExtensionType> extensions() {
        ImmutableSet.Builder<PiPipeconf.ExtensionType> present = ImmutableSet.builder();
        for (PiPipeconf.ExtensionType type : PiPipeconf.ExtensionType.values()) {
            if (pipeconf.extension(type).isPresent()) {
                present.add(type);
            }
        }
        return present.build();
    }

    public Target target() {
        if (pipeconf.extension(PiPipeconf.ExtensionType.BMV2_JSON).isPresent()) {
            return Target.BMV2;
        }
        if (pipeconf.extension(PiPipeconf.ExtensionType.TOFINO_BIN).isPresent()) {
            return Target.TOFINO;
        }
        return Target.OTHER;
    }

    public Set<DeviceId> devices() {
        return devices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PipeconfInfo)) {
            return false;
        }
        PipeconfInfo that = (PipeconfInfo) o;
        return pipeconf.id().equals(that.pipeconf.id()) && devices.equals(that.devices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pipeconf.id(), devices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id()).add("devices", devices).toString();
    }
}
