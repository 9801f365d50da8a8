// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionProfileId;
import org.onosproject.net.pi.model.PiActionProfileModel;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.model.PiPacketOperationModel;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiRegisterId;
import org.onosproject.net.pi.model.PiRegisterModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.model.PiTableType;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.io.InputStream;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The real bmv2 pipeconf with some tables made small, for admission tests: everything is the
 * bundled pipeline's (names, ids, match fields, actions) except the sizes given here.
 */
public final class SmallTables implements PiPipeconf {

    private final PiPipeconf base;
    private final PiPipelineModel model;

    private SmallTables(PiPipeconf base, Map<PiTableId, Long> sizes) {
        this.base = base;
        this.model = new Model(base.pipelineModel(), sizes);
    }

    /**
     * The bmv2 pipeconf with the given table sizes.
     *
     * @param sizes table to the size it declares instead of the P4Info's
     * @return the pipeconf (same id as the bundled one)
     */
    public static PiPipeconf bmv2(Map<PiTableId, Long> sizes) {
        return of(BundledPipeconfs.bmv2(), sizes);
    }

    /**
     * Another pipeconf (a profile's) with the given table sizes.
     *
     * @param base  the pipeconf
     * @param sizes table to the size it declares instead of the P4Info's
     * @return the pipeconf (same id as the base)
     */
    public static PiPipeconf of(PiPipeconf base, Map<PiTableId, Long> sizes) {
        return new SmallTables(base, sizes);
    }

    @Override
    public PiPipeconfId id() {
        return base.id();
    }

    @Override
    public PiPipelineModel pipelineModel() {
        return model;
    }

    @Override
    public long fingerprint() {
        return base.fingerprint();
    }

    @Override
    public Collection<Class<? extends Behaviour>> behaviours() {
        return base.behaviours();
    }

    @Override
    public Optional<Class<? extends Behaviour>> implementation(Class<? extends Behaviour> behaviour) {
        return base.implementation(behaviour);
    }

    @Override
    public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
        return base.hasBehaviour(behaviourClass);
    }

    @Override
    public Optional<InputStream> extension(ExtensionType type) {
        return base.extension(type);
    }

    /** The base model, its tables resized. */
    private static final class Model implements PiPipelineModel {
        private final PiPipelineModel base;
        private final Map<PiTableId, Long> sizes;

        Model(PiPipelineModel base, Map<PiTableId, Long> sizes) {
            this.base = base;
            this.sizes = sizes;
        }

        @Override
        public Optional<String> architecture() {
            return base.architecture();
        }

        @Override
        public Optional<PiTableModel> table(PiTableId tableId) {
            return base.table(tableId).map(this::resized);
        }

        @Override
        public Collection<PiTableModel> tables() {
            return base.tables().stream().map(this::resized).collect(ImmutableList.toImmutableList());
        }

        private PiTableModel resized(PiTableModel table) {
            Long size = sizes.get(table.id());
            return size == null ? table : new Table(table, size);
        }

        @Override
        public Optional<PiCounterModel> counter(PiCounterId counterId) {
            return base.counter(counterId);
        }

        @Override
        public Collection<PiCounterModel> counters() {
            return base.counters();
        }

        @Override
        public Optional<PiMeterModel> meter(PiMeterId meterId) {
            return base.meter(meterId);
        }

        @Override
        public Collection<PiMeterModel> meters() {
            return base.meters();
        }

        @Override
        public Optional<PiRegisterModel> register(PiRegisterId registerId) {
            return base.register(registerId);
        }

        @Override
        public Collection<PiRegisterModel> registers() {
            return base.registers();
        }

        @Override
        public Optional<PiActionProfileModel> actionProfiles(PiActionProfileId actionProfileId) {
            return base.actionProfiles(actionProfileId);
        }

        @Override
        public Collection<PiActionProfileModel> actionProfiles() {
            return base.actionProfiles();
        }

        @Override
        public Optional<PiPacketOperationModel> packetOperationModel(PiPacketOperationType type) {
            return base.packetOperationModel(type);
        }
    }

    /** A table of the base model with another size. */
    private static final class Table implements PiTableModel {
        private final PiTableModel base;
        private final long size;

        Table(PiTableModel base, long size) {
            this.base = base;
            this.size = size;
        }

        @Override
        public long maxSize() {
            return size;
        }

        @Override
        public PiTableId id() {
            return base.id();
        }

        @Override
        public PiTableType tableType() {
            return base.tableType();
        }

        @Override
        public PiActionProfileModel actionProfile() {
            return base.actionProfile();
        }

        @Override
        public Collection<PiCounterModel> counters() {
            return base.counters();
        }

        @Override
        public Collection<PiMeterModel> meters() {
            return base.meters();
        }

        @Override
        public boolean supportsAging() {
            return base.supportsAging();
        }

        @Override
        public Collection<PiMatchFieldModel> matchFields() {
            return base.matchFields();
        }

        @Override
        public Collection<PiActionModel> actions() {
            return base.actions();
        }

        @Override
        public Optional<PiActionModel> constDefaultAction() {
            return base.constDefaultAction();
        }

        @Override
        public boolean isConstantTable() {
            return base.isConstantTable();
        }

        @Override
        public boolean oneShotOnly() {
            return base.oneShotOnly();
        }

        @Override
        public Optional<PiActionModel> action(PiActionId actionId) {
            return base.action(actionId);
        }

        @Override
        public Optional<PiMatchFieldModel> matchField(PiMatchFieldId matchFieldId) {
            return base.matchField(matchFieldId);
        }
    }
}
