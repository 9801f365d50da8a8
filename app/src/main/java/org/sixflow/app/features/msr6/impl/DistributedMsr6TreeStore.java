// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.TableClaims;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeEvent;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.features.msr6.api.Msr6TreeStore;
import org.sixflow.app.features.msr6.api.Msr6TreeStoreDelegate;
import org.sixflow.app.features.msr6.api.TreeConstraints;
import org.sixflow.app.features.msr6.api.TreeEntryHolders;
import org.sixflow.app.features.msr6.impl.compile.Msr6RuleCompiler;
import org.sixflow.app.impl.NewestWrites;
import org.sixflow.app.lifecycle.MapSnapshot;
import org.sixflow.app.lifecycle.MapUpdate;
import org.slf4j.Logger;

import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The cluster's trees in ONOS consistent maps: records by tree id, the (source address, group,
 * ingress device) each tree holds, and tree numbers ({@link TreeNumbers}). Map events from any
 * instance become tree events for the store delegate, delivered on the store's own thread: a
 * listener on the map's (Atomix) thread must not wait for anything, and the manager acting on an
 * event writes to these same maps. The records' entries are also indexed by key on each instance
 * ({@link TreeIndex}), from the same events and from this instance's writes as they return, so
 * that checking a tree does not read every record.
 */
@Component(immediate = true, service = Msr6TreeStore.class)
public class DistributedMsr6TreeStore extends AbstractStore<Msr6TreeEvent, Msr6TreeStoreDelegate>
        implements Msr6TreeStore {

    /** Every type the maps hold, beyond ONOS's own (flow rules, groups, links, PI entries). */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(Msr6TreeRecord.class, Msr6Tree.class, Msr6TreeEntries.class, Msr6TreeState.class,
                      Msr6TreeFailure.class, Msr6TreeRequest.class, Msr6TreeRequest.Algorithm.class, Msr6Mode.class,
                      TreeConstraints.class, TreeConstraints.Metric.class)
            .build("sixflow-msr6"));

    /** How long deactivation waits for the event being delivered. */
    private static final long STOP_MILLIS = 1_000;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, Msr6TreeRecord> records;
    /** "group|source address or *|ingress device" to the tree that holds it. */
    private ConsistentMap<String, String> ingresses;
    private TreeNumbers numbers;
    private MapSnapshot<String, Msr6TreeRecord> listed;
    private TreeIndex index;
    private SerialWorker events;
    private final MapEventListener<String, Msr6TreeRecord> listener = new InternalMapListener();

    @Activate
    protected void activate() {
        records = storageService.<String, Msr6TreeRecord>consistentMapBuilder()
                .withName("sixflow-msr6-trees").withSerializer(SERIALIZER).build();
        ingresses = storageService.<String, String>consistentMapBuilder()
                .withName("sixflow-msr6-tree-ingresses").withSerializer(SERIALIZER).build();
        numbers = new TreeNumbers(storageService.<Integer, String>consistentMapBuilder()
                                          .withName("sixflow-msr6-tree-numbers").withSerializer(SERIALIZER).build(),
                                  Msr6RuleCompiler.MAX_TREE_ID);
        events = new SerialWorker("sixflow/msr6", "store-events", log);
        index = new TreeIndex();
        records.addListener(listener);
        // Read after listening: a record written meanwhile comes both ways, and the newer one stays.
        records.entrySet().forEach(e -> index.put(e.getKey(), e.getValue().value(),
                                                  NewestWrites.written(e.getValue().version())));
        listed = new MapSnapshot<>(records);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        records.removeListener(listener);
        listed.close();
        numbers.close();
        // An event being handed to the delegate finishes; the ones still queued have no one to hear them.
        events.stop(STOP_MILLIS);
        log.info("Stopped");
    }

    @Override
    public Optional<Msr6TreeRecord> record(String id) {
        return Optional.ofNullable(Versioned.valueOrNull(records.get(id)));
    }

    @Override
    public List<Msr6TreeRecord> records() {
        return records.values().stream().map(Versioned::value).collect(ImmutableList.toImmutableList());
    }

    @Override
    public List<Msr6TreeRecord> listedRecords() {
        return ImmutableList.copyOf(listed.get().values());
    }

    @Override
    public Optional<String> ingressHolder(Msr6TreeRequest request) {
        return Optional.ofNullable(Versioned.valueOrNull(ingresses.get(ingressKey(request))));
    }

    @Override
    public TreeEntryHolders entryHolders() {
        return index;
    }

    @Override
    public TableClaims claims(String checkedTreeId) {
        return index.claimsWhileChecking(checkedTreeId);
    }

    @Override
    public Optional<String> add(Msr6TreeRecord record) {
        String id = record.id();
        if (records.containsKey(id)) {
            return Optional.of(id);
        }
        String ingress = ingressKey(record.tree().request());
        Versioned<String> holder = ingresses.putIfAbsent(ingress, id);
        if (holder != null && !holder.value().equals(id)) {
            return Optional.of(holder.value());
        }
        Versioned<Msr6TreeRecord> winner = records.putIfAbsent(id, record);
        if (winner != null) {
            // Another create of the same id won; the claim is its own when it has the same ingress.
            if (!ingressKey(winner.value().tree().request()).equals(ingress)) {
                ingresses.remove(ingress, id);
            }
            return Optional.of(id);
        }
        listed.changed();
        if (record.entries().isPresent() || record.installed().isPresent()) {
            // A new tree holds no entries (its owner builds them); one that does is indexed at
            // once, at the version read back (putIfAbsent does not tell it).
            Versioned<Msr6TreeRecord> added = records.get(id);
            if (added != null) {
                index.put(id, added.value(), NewestWrites.written(added.version()));
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<Msr6TreeRecord> update(String id, UnaryOperator<Msr6TreeRecord> change) {
        return updateIf(id, record -> true, change);
    }

    @Override
    public Optional<Msr6TreeRecord> updateIf(String id, Predicate<Msr6TreeRecord> applies,
                                             UnaryOperator<Msr6TreeRecord> change) {
        Optional<MapUpdate<Msr6TreeRecord>> update = MapUpdate.apply(records, id, applies, change);
        if (update.map(MapUpdate::changed).orElse(false)) {
            listed.changed();
            index.put(id, update.get().after(), NewestWrites.after(update.get().version()));
        }
        return update.map(MapUpdate::after);
    }

    @Override
    public Optional<Msr6TreeRecord> remove(String id) {
        Versioned<Msr6TreeRecord> gone = records.remove(id);
        if (gone == null) {
            return Optional.empty();
        }
        listed.changed();
        index.remove(id, NewestWrites.after(gone.version()));
        ingresses.remove(ingressKey(gone.value().tree().request()), id);
        numbers.releaseAll(id);
        return Optional.of(gone.value());
    }

    @Override
    public int claimNumber(String id) {
        return numbers.claim(id);
    }

    @Override
    public int claimNumber(String id, IntPredicate usable) {
        return numbers.claim(id, usable);
    }

    @Override
    public int freeNumber() {
        return numbers.lowestFree();
    }

    @Override
    public int freeNumber(IntPredicate usable) {
        return numbers.lowestFree(usable);
    }

    @Override
    public void releaseNumber(int number, String id) {
        numbers.release(number, id);
    }

    /** The thread that hands map events to the delegate (tests wait for it). */
    SerialWorker events() {
        return events;
    }

    private static String ingressKey(Msr6TreeRequest request) {
        return request.group() + "|" + request.sourceAddress().map(Object::toString).orElse("*") + "|"
                + request.source().deviceId();
    }

    private static Msr6TreeEvent treeEvent(MapEvent<String, Msr6TreeRecord> event) {
        switch (event.type()) {
            case INSERT:
                return new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_ADDED, event.newValue().value().tree());
            case REMOVE:
                return new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_REMOVED, event.oldValue().value().tree());
            default:
                Msr6Tree now = event.newValue().value().tree();
                Msr6TreeState before = event.oldValue() == null ? null : event.oldValue().value().tree().state();
                if (now.state() != before && now.state() == Msr6TreeState.INSTALLED) {
                    return new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_INSTALLED, now);
                }
                if (now.state() != before && now.state() == Msr6TreeState.FAILED) {
                    return new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_FAILED, now);
                }
                return new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_UPDATED, now);
        }
    }

    private class InternalMapListener implements MapEventListener<String, Msr6TreeRecord> {
        @Override
        public void event(MapEvent<String, Msr6TreeRecord> event) {
            // Registered without an executor (ONOS's test maps deliver only to such listeners), so
            // this runs on the map's thread: index the change (a few lookups per entry of the
            // tree) and hand the event over at once. Indexed first: the delegate reads the index.
            if (event.type() == MapEvent.Type.REMOVE) {
                index.remove(event.key(), NewestWrites.after(event.oldValue().version()));
            } else {
                index.put(event.key(), event.newValue().value(), NewestWrites.written(event.newValue().version()));
            }
            Msr6TreeEvent treeEvent = treeEvent(event);
            events.submit("tree event " + treeEvent, () -> notifyDelegate(treeEvent));
        }
    }
}
