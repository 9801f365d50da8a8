// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The bmv2 lab's controller half: Sixflow's real components over ONOS core services that the lab
 * implements itself, over P4Runtime to simple_switch_grpc (no ONOS distribution is obtainable).
 *
 * <ul>
 *   <li>{@link org.sixflow.lab.LabMain}: {@code --state FILE --netcfg FILE [--http-port 8181]
 *   [--db-url URL] [--dashboard DIR]}; build with {@code mvn -B -ntp -q -DskipTests package -pl lab -am},
 *   which also writes {@code lab/target/lab.classpath}; run {@code java -cp
 *   lab/target/classes:$(cat lab/target/lab.classpath) org.sixflow.lab.LabMain ...}.</li>
 *   <li>{@link org.sixflow.lab.LabSouthbound}: the services (devices, flow rules, groups, packets,
 *   flow objectives, links by LLDP, topology, edge ports, hosts, interfaces, netcfg, pipeconfs,
 *   one-node cluster, mastership, leadership, storage) and how they are wired.</li>
 *   <li>{@link org.sixflow.lab.SixflowComponents}: the app's components, one line each.</li>
 *   <li>{@code p4rt}: the P4Runtime client; {@code translate}: ONOS PI objects to P4Runtime
 *   messages after ONOS 2.7's translators and codecs (each class names its differences).</li>
 *   <li>{@link org.sixflow.lab.bench.WriteBenchmark}: entries per second to one bmv2.</li>
 *   <li>{@link org.sixflow.lab.traffic.LabHostTrafficGenerator}: experiments' probes sent from the
 *   hosts' namespaces ({@code lab/net/hosttools.py burst}).</li>
 * </ul>
 *
 * <p>What ONOS does and the lab does not: no cluster (one node masters and leads everything, the
 * distributed stores are in-memory), no flow statistics polling (ADDED comes from the write's
 * answer), no gNMI (simple_switch_grpc has none); component properties set through the
 * ComponentConfigService reach the component's modified method as `cfg set` would. The ONOS P4Runtime controller the app's aggregate poller uses
 * reads counters and table entries only.
 */
package org.sixflow.lab;
