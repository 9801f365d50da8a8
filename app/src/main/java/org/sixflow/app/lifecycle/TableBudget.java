// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.TableId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.TableClaims;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.api.TableShortfall;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Admission control for P4 table entries: whether the entries a request needs fit the tables of
 * their devices. A table holds what its device's pipeline model declares (PiTableModel.maxSize,
 * from the P4Info); it is in use by every entry ONOS's flow rule service has for it on the device
 * (confirmed, pending, or being removed: all take room) and by the entries of requests accepted
 * but not yet on the devices, which the caller names ({@link TableClaims}: a list, or a store's
 * counts by table, so that a check does not walk every claim). An entry counts once however many of these
 * name it (entries are known by flow id: device, table, match, priority), so an entry a request
 * rewrites in place needs no new room. Tables of devices without a pipeconf, tables the model
 * lacks, and tables without a size are not checked.
 *
 * <p>The answer is only as fresh as the flow rule service and the claims: callers that accept
 * requests concurrently check again after making their own claim visible (see the managers).
 *
 * <p>Reading a device's entries costs as much as the device holds. A budget made
 * {@link #withInstalledCountsEvery} first asks how many entries each table held at the last
 * reading of the device (at most a period old, read again in the background): a table that fits
 * even counting all of those besides every claim is not read. Only a table near full is counted
 * exactly, from the entries read then. What that can miss: an entry installed since the last
 * reading that no request claims. Requests whose entries are claimed before they are installed
 * (trees) leave none but a version replaced again within the period; should one overfill a
 * table, its device refuses the entry and the install fails.
 */
public final class TableBudget {

    /** An entry state that no longer takes room on the device. */
    private static final Set<FlowEntry.FlowEntryState> GONE =
            Set.of(FlowEntry.FlowEntryState.FAILED, FlowEntry.FlowEntryState.REMOVED);

    private final PiPipeconfService pipeconfs;
    private final FlowRuleService flowRules;
    /** The devices' last counts by table; null when every check reads the devices. */
    private final InstalledCounts counts;

    /**
     * Creates a budget over ONOS's services.
     *
     * @param pipeconfs where table sizes come from (each device's pipeconf)
     * @param flowRules where installed entries come from
     */
    public TableBudget(PiPipeconfService pipeconfs, FlowRuleService flowRules) {
        this.pipeconfs = pipeconfs;
        this.flowRules = flowRules;
        this.counts = null;
    }

    private TableBudget(TableBudget budget, long periodMillis, LongSupplier millis, Executor background) {
        this.pipeconfs = budget.pipeconfs;
        this.flowRules = budget.flowRules;
        this.counts = new InstalledCounts(this::count, periodMillis, millis, background);
    }

    /**
     * The same budget reading a device's entries only for tables near full, and otherwise
     * counting on the last reading of the device (see the class comment for what it may miss).
     *
     * @param period how old a reading may get before it is read again, in the background
     * @return the budget
     */
    public TableBudget withInstalledCountsEvery(Duration period) {
        return new TableBudget(this, period.toMillis(), System::currentTimeMillis, ForkJoinPool.commonPool());
    }

    /** As {@link #withInstalledCountsEvery}, with a test's clock and background executor. */
    TableBudget withInstalledCountsEvery(Duration period, LongSupplier millis, Executor background) {
        return new TableBudget(this, period.toMillis(), millis, background);
    }

    /**
     * Finds the tables some entries would overflow.
     *
     * @param wanted  the entries a request needs, on any devices
     * @param claimed entries that take room besides those installed: requests accepted but not
     *                confirmed yet, and anything else that stays meanwhile (e.g. a version being
     *                replaced); may repeat installed ones
     * @return one shortfall per overflowing table, by device and table name; empty when all fit
     */
    public List<TableShortfall> shortfalls(Collection<FlowRule> wanted, Collection<FlowRule> claimed) {
        return shortfalls(wanted, new ListedClaims(claimed));
    }

    /**
     * Finds the tables some entries would overflow, against claims kept by table (a store's
     * index, so that a check costs lookups for the wanted entries rather than a list of all).
     *
     * @param wanted  the entries a request needs, on any devices
     * @param claimed entries that take room besides those installed (see the other shortfalls)
     * @return one shortfall per overflowing table, by device and table name; empty when all fit
     */
    public List<TableShortfall> shortfalls(Collection<FlowRule> wanted, TableClaims claimed) {
        // Device -> table -> the wanted entries by id, for tables with a known size only.
        Map<DeviceId, Map<PiTableId, Map<FlowId, FlowRule>>> asked =
                new TreeMap<>(Comparator.comparing(DeviceId::toString));
        Map<DeviceId, Optional<PiPipeconf>> pipelines = new HashMap<>();
        Map<PiTableId, Long> sizes = new HashMap<>();
        for (FlowRule rule : wanted) {
            if (!(rule.table() instanceof PiTableId)) {
                continue;
            }
            PiTableId table = (PiTableId) rule.table();
            long size = pipelines.computeIfAbsent(rule.deviceId(), pipeconfs::getPipeconf)
                    .flatMap(p -> p.pipelineModel().table(table)).map(PiTableModel::maxSize).orElse(0L);
            if (size > 0) {
                sizes.put(table, size);
                asked.computeIfAbsent(rule.deviceId(), d -> new TreeMap<>(Comparator.comparing(PiTableId::id)))
                        .computeIfAbsent(table, t -> new HashMap<>()).putIfAbsent(rule.id(), rule);
            }
        }
        List<TableShortfall> shortfalls = new ArrayList<>();
        asked.forEach((device, tables) -> {
            Optional<Map<TableId, Integer>> recent = counts == null ? Optional.empty() : counts.recent(device);
            if (recent.isPresent() && tables.entrySet().stream().allMatch(t -> fitsAnyway(
                    device, t.getKey(), sizes.get(t.getKey()), t.getValue().values(),
                    recent.get().getOrDefault(t.getKey(), 0), claimed))) {
                return;
            }
            Map<PiTableId, List<FlowEntry>> installed = installed(device, tables.keySet());
            tables.forEach((table, rules) -> shortfall(device, table, sizes.get(table), rules.values(),
                                                       installed.get(table), claimed)
                    .ifPresent(shortfalls::add));
        });
        return shortfalls;
    }

    /**
     * Whether some entries overflow one table: in use is every entry installed or claimed, each
     * once. When the table fits them even if no installed entry were among the claimed ones, no
     * entry is looked up: a table far from full costs a count, however many entries it holds.
     */
    private static Optional<TableShortfall> shortfall(DeviceId device, PiTableId table, long size,
                                                      Collection<FlowRule> wanted, List<FlowEntry> installed,
                                                      TableClaims claimed) {
        if (fitsAnyway(device, table, size, wanted, installed.size(), claimed)) {
            return Optional.empty();
        }
        long claimedCount = claimed.count(device, table);
        List<FlowRule> unclaimedWanted = wanted.stream().filter(r -> !claimed.claims(r)).collect(Collectors.toList());
        Set<FlowId> unclaimedInstalled = installed.stream().filter(e -> !claimed.claims(e)).map(FlowEntry::id)
                .collect(Collectors.toSet());
        long inUse = claimedCount + unclaimedInstalled.size();
        long needed = unclaimedWanted.stream().filter(r -> !unclaimedInstalled.contains(r.id())).count();
        return needed > 0 && inUse + needed > size
                ? Optional.of(new TableShortfall(device, shortName(table), size, inUse, needed))
                : Optional.empty();
    }

    /**
     * Checks that entries fit.
     *
     * @param wanted  the entries a request needs
     * @param claimed entries that take room besides those installed (see {@link #shortfalls})
     * @param what    what needs the entries, for the message, e.g. "this tree"
     * @throws TableFullException for the first table they would overflow
     */
    public void check(Collection<FlowRule> wanted, Collection<FlowRule> claimed, String what) {
        check(wanted, new ListedClaims(claimed), what);
    }

    /**
     * Checks that entries fit, against claims kept by table.
     *
     * @param wanted  the entries a request needs
     * @param claimed entries that take room besides those installed (see {@link #shortfalls})
     * @param what    what needs the entries, for the message, e.g. "this tree"
     * @throws TableFullException for the first table they would overflow
     */
    public void check(Collection<FlowRule> wanted, TableClaims claimed, String what) {
        List<TableShortfall> shortfalls = shortfalls(wanted, claimed);
        if (!shortfalls.isEmpty()) {
            throw shortfalls.get(0).refusal(what);
        }
    }

    /** Whether entries fit a table even if none of the installed ones were among the claimed. */
    private static boolean fitsAnyway(DeviceId device, PiTableId table, long size, Collection<FlowRule> wanted,
                                      long installed, TableClaims claimed) {
        long unclaimedWanted = wanted.stream().filter(r -> !claimed.claims(r)).count();
        return claimed.count(device, table) + installed + unclaimedWanted <= size;
    }

    /**
     * The entries a device has in some tables that take room, by table: one read of its entries,
     * whose counts by table are kept as the device's latest reading.
     */
    private Map<PiTableId, List<FlowEntry>> installed(DeviceId device, Set<PiTableId> tables) {
        long started = counts == null ? 0 : counts.now();
        Map<PiTableId, List<FlowEntry>> installed = new HashMap<>();
        Map<TableId, Integer> all = new HashMap<>();
        tables.forEach(t -> installed.put(t, new ArrayList<>()));
        for (FlowEntry entry : flowRules.getFlowEntries(device)) {
            if (GONE.contains(entry.state())) {
                continue;
            }
            List<FlowEntry> inTable = installed.get(entry.table());
            if (inTable != null) {
                inTable.add(entry);
            }
            if (counts != null) {
                all.merge(entry.table(), 1, Integer::sum);
            }
        }
        if (counts != null) {
            counts.record(device, all, started);
        }
        return installed;
    }

    /** A device's entries that take room, counted by table. */
    private Map<TableId, Integer> count(DeviceId device) {
        Map<TableId, Integer> all = new HashMap<>();
        for (FlowEntry entry : flowRules.getFlowEntries(device)) {
            if (!GONE.contains(entry.state())) {
                all.merge(entry.table(), 1, Integer::sum);
            }
        }
        return all;
    }

    /**
     * A table's short name, the last component of its P4 name (msr6_encap for
     * SixflowIngress.msr6_ingress.msr6_encap).
     *
     * @param table the table
     * @return its short name
     */
    public static String shortName(PiTableId table) {
        String name = table.id();
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
