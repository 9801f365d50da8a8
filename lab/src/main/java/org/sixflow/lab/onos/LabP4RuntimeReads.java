// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.onos;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.pi.model.PiActionProfileId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.net.pi.runtime.PiHandle;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;
import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.p4rt.P4RuntimeException;
import org.sixflow.lab.translate.TranslationException;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.TableEntry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * ONOS's P4Runtime read request over a lab session: indirect counter cells and table entries
 * (ONOS's read client reads more: what Sixflow does not read is refused with
 * UnsupportedOperationException naming it).
 */
final class LabP4RuntimeReads implements P4RuntimeReadClient.ReadRequest {

    /** A read's answer. */
    private static final class Response implements P4RuntimeReadClient.ReadResponse {
        private final List<PiEntity> entities;
        private final Throwable failure;

        Response(List<PiEntity> entities, Throwable failure) {
            this.entities = entities;
            this.failure = failure;
        }

        @Override
        public boolean isSuccess() {
            return failure == null;
        }

        @Override
        public Collection<PiEntity> all() {
            return entities;
        }

        @Override
        public <E extends PiEntity> Collection<E> all(Class<E> type) {
            return entities.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
        }

        @Override
        public String explanation() {
            return failure == null ? null : failure.getMessage();
        }

        @Override
        public Throwable throwable() {
            return failure;
        }
    }

    private final SwitchAgent agent;
    private final List<Entity> wanted = new ArrayList<>();
    private TranslationException refused;

    LabP4RuntimeReads(SwitchAgent agent) {
        this.agent = agent;
    }

    /** One entity to read, which the translator may refuse (an id the pipeline does not have). */
    private interface EntityToRead {
        Entity build() throws TranslationException;
    }

    /** Adds an entity to read; a refusal fails the whole read when it is submitted. */
    private P4RuntimeReadClient.ReadRequest want(EntityToRead entity) {
        try {
            wanted.add(entity.build());
        } catch (TranslationException e) {
            refused = e;
        }
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest counterCells(PiCounterId counterId) {
        return want(() -> Entity.newBuilder().setCounterEntry(agent.translator().counters().allCells(counterId))
                .build());
    }

    @Override
    public P4RuntimeReadClient.ReadRequest counterCells(Iterable<PiCounterId> counterIds) {
        counterIds.forEach(this::counterCells);
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest tableEntries(PiTableId tableId) {
        return want(() -> Entity.newBuilder().setTableEntry(TableEntry.newBuilder().setTableId(
                agent.translator().p4Info().table(tableId.id()).getPreamble().getId())).build());
    }

    @Override
    public P4RuntimeReadClient.ReadRequest tableEntries(Iterable<PiTableId> tableIds) {
        tableIds.forEach(this::tableEntries);
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest allTableEntries() {
        wanted.add(Entity.newBuilder().setTableEntry(TableEntry.getDefaultInstance()).build());
        return this;
    }

    @Override
    public CompletableFuture<P4RuntimeReadClient.ReadResponse> submit() {
        return CompletableFuture.supplyAsync(this::submitSync);
    }

    @Override
    public P4RuntimeReadClient.ReadResponse submitSync() {
        if (refused != null) {
            return new Response(List.of(), refused);
        }
        try {
            ImmutableList.Builder<PiEntity> entities = ImmutableList.builder();
            for (Entity entity : agent.read(wanted)) {
                switch (entity.getEntityCase()) {
                    case COUNTER_ENTRY:
                        entities.add(agent.translator().counters().decode(entity.getCounterEntry()));
                        break;
                    case TABLE_ENTRY:
                        entities.add(agent.translator().tableEntries().decode(entity.getTableEntry()));
                        break;
                    default:
                        break;
                }
            }
            return new Response(entities.build(), null);
        } catch (P4RuntimeException | TranslationException e) {
            return new Response(List.of(), e);
        }
    }

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException("The lab's P4Runtime read client does not read " + what);
    }

    @Override
    public P4RuntimeReadClient.ReadRequest handle(PiHandle handle) {
        throw unsupported("by handle");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest handles(Iterable<? extends PiHandle> handles) {
        throw unsupported("by handle");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest defaultTableEntry(PiTableId tableId) {
        throw unsupported("default entries");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest defaultTableEntry(Iterable<PiTableId> tableIds) {
        throw unsupported("default entries");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest allDefaultTableEntries() {
        throw unsupported("default entries");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileGroups(PiActionProfileId actionProfileId) {
        throw unsupported("action profiles");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileGroups(Iterable<PiActionProfileId> actionProfileIds) {
        throw unsupported("action profiles");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileMembers(PiActionProfileId actionProfileId) {
        throw unsupported("action profiles");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileMembers(Iterable<PiActionProfileId> actionProfileIds) {
        throw unsupported("action profiles");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directCounterCells(PiTableId tableId) {
        throw unsupported("direct counters");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directCounterCells(Iterable<PiTableId> tableIds) {
        throw unsupported("direct counters");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest meterCells(PiMeterId meterId) {
        throw unsupported("meters");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest meterCells(Iterable<PiMeterId> meterIds) {
        throw unsupported("meters");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directMeterCells(PiTableId tableId) {
        throw unsupported("meters");
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directMeterCells(Iterable<PiTableId> tableIds) {
        throw unsupported("meters");
    }
}
