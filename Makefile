# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Two commands matter: `make run` builds everything and starts the most real lab this machine can
# run (the compose lab, the bmv2 lab, or the demo; it says which); `make test` installs what is
# missing and runs every test. `make lab [TOPOLOGY=fat-tree-k4]` starts the bmv2 lab directly.
# The other targets are their parts.

SHELL := /bin/bash
MVN ?= mvn -B -ntp
COMPOSE ?= docker compose -f docker/docker-compose.yml
VENV := $(CURDIR)/.venv
TOPOLOGY ?= msr6-study
# The lab's Python tests use the project venv when it exists (its scapy cross-checks frames).
LAB_PYTHON = $(if $(wildcard $(VENV)/bin/python),$(VENV)/bin/python,python3)

.PHONY: run compose-up lab demo build app-build web-build deps test java-test web-test web-e2e fuzz fuzz-test docker-check \
        lab-net-test systest-lib-test lab-net-root-test ra-linux-test ilnp-test pppoe-vm pppoe-vm-for-tests pppoe-vm-test pppoe-vm-system-test onos onos-tools-test lab-test bench-lab lab-topologies p4-build constants \
        p4-test docs docs-generate docs-test bench-trees bench-tree-creates bench-bng-sessions bench-bng-split bench-bng-scale bench-policies bench-history bench-latency bench-instructions bench-experiments bench-pacing bench-gtpu bench-presets bench-multihoming bench-rest bmv2-bench clean

## The most real Sixflow this machine can run, and which one it is (tools/run.sh): with a Docker
## engine the compose lab; else, as root with bmv2's simple_switch_grpc, the bmv2 lab (`make lab`);
## else the demo: the dashboard over a simulated core, said so on every page (`make demo`).
run:
	tools/run.sh

## Build the .oar files and the dashboard, then start ONOS, Mininet, PostgreSQL and the web UI.
compose-up: build
	$(COMPOSE) up -d
	@echo "Dashboard: http://localhost:8080   ONOS GUI: http://localhost:8181/onos/ui (onos/rocks)"

## The bmv2 lab (root, simple_switch_grpc on PATH or in /opt/p4/bin): TOPOLOGY=msr6-study (default)
## or fat-tree-k4; Sixflow's managers, REST and dashboard over real switches. Ctrl-C stops all of it.
lab:
	TOPOLOGY=$(TOPOLOGY) tools/lab.sh

## The demo: Sixflow's real components on the simulated ONOS of lab/sim (lab/demo), with the built
## dashboard on a loopback port.
demo:
	tools/demo.sh

build: app-build

## The app bundle carries the built dashboard (served at /onos/sixflow/ui/), so web/ builds first.
app-build: web-build
	$(MVN) -DskipTests package

web-build: deps
	cd web && npm run build

deps:
	tools/ensure-deps.sh

## Every test: the docs site (first: seconds), Java (with a real PostgreSQL), web (headless Chromium),
## lab files, packet tests, and the system tests on the bmv2 lab (packet and lab tests skip loudly
## where bmv2 is missing).
test: deps docs-test java-test web-test web-e2e fuzz-test docker-check lab-net-test systest-lib-test ilnp-test pppoe-vm-test pppoe-vm-for-tests pppoe-vm-system-test onos-tools-test p4-test lab-test

## mvn verify ends with osgi-test/: both .oar files in ONOS 2.7.0's Karaf (first run fetches it from Maven Central).
java-test: web-build
	$(MVN) verify
	tools/check-oar.py

## A browser run in web/ (npm script $(1)) with a TMPDIR of its own, removed after it: Chromium
## leaves its singleton folders (org.chromium.Chromium.*) in TMPDIR when its launcher stops it.
web_browser_run = tmp="$$(mktemp -d)"; cd web && TMPDIR="$$tmp" CHROME_BIN=$${CHROME_BIN:-/usr/bin/chromium} \
	npm run $(1); status=$$?; rm -rf "$$tmp"; exit $$status

web-test:
	$(call web_browser_run,test:ci)

## The dashboard end to end: Playwright (playwright-core) drives Debian's headless Chromium against
## the built dashboard and the app's real REST API on the demo (lab/demo: Sixflow's components on the
## simulated ONOS of lab/sim, a real PostgreSQL, stored telemetry). Screenshots land in web/e2e-artifacts/.
web-e2e: deps
	cd web && npm run build
	$(MVN) -q -DskipTests install
	$(call web_browser_run,e2e)

## The REST fuzz suite (tools/fuzz/): schemathesis against the API's own OpenAPI description (GET
## openapi.json), then Sixflow's own hostile requests (nesting depth, sizes, encodings, timestamps,
## durations, path spellings, methods, headers), on the demo (lab/demo) with a throwaway PostgreSQL. It
## fails on any 5xx, any error that is not JSON {code, message}, any answer slower than 2 s, or any
## change to the objects that existed before it ran. FUZZ_REQUESTS (default 30,000) is its budget.
FUZZ_REQUESTS ?= 30000
fuzz: deps
	$(MVN) -q -DskipTests package -pl lab/demo -am
	$(VENV)/bin/python tools/fuzz/fuzz.py --requests $(FUZZ_REQUESTS)

## The fuzz suite within `make test`: 3,000 requests (about a minute).
fuzz-test:
	$(MAKE) fuzz FUZZ_REQUESTS=3000

docker-check:
	docker/check.sh

## The bmv2 lab's network tools (topologies, netcfg, names, state, command line, host tools); no root.
lab-net-test:
	$(LAB_PYTHON) -m unittest discover -s lab/net/tests -t lab/net

## The system tests' own helpers that need no lab (the drop counters' reasons and readings); no root.
systest-lib-test:
	$(LAB_PYTHON) -m unittest discover -s lab/systest/lib/tests -t lab/systest/lib

## The userspace ILNPv6 endpoint (lab/ilnp/README.md): codec and checksum vectors, then two ILNP
## hosts and a locator-rewriting router in sfilnp-* namespaces (deleted after): ping, iperf3, the
## wire, a locator move, forged packets (about 25 s). The namespace part is skipped loudly without
## root, /dev/net/tun, nft, tcpdump or iperf3.
ilnp-test:
	if $(LAB_PYTHON) -c 'import pytest' 2>/dev/null; then $(LAB_PYTHON) -m pytest -q -s -rs lab/ilnp/tests; \
	else $(LAB_PYTHON) -m unittest discover -s lab/ilnp/tests -t lab/ilnp -v; fi

## The PPPoE VM (lab/pppoe/README.md): Debian kernel + bookworm with pppd and pppoe-server, under
## /opt/sixflow-pppvm (root; resumable; about 4 minutes the first time).
pppoe-vm:
	lab/pppoe/build-vm.sh

## The image for the tests that run pppd and pppoe-server in it (the PPPoE VM system tests, the BNG
## labs): built where the tests can run it (root), found or resumed where it is (seconds).
pppoe-vm-for-tests:
	if [ "$$(id -u)" = 0 ]; then lab/pppoe/build-vm.sh; \
	else echo "=== SKIPPED: the PPPoE VM image is built as root only: its system tests and the BNG labs will skip"; fi

## Its frame reader, subscriber settings and VM refusals; no root, no VM.
pppoe-vm-test:
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_frames.py'
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_subscribers.py'
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_vm.py'
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_pppoe_lab.py'
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_ppp_client.py'

## Real pppd clients and pppoe-server in the VM across a host bridge (root, the VM image; about
## two minutes of one core). Skipped loudly without either.
pppoe-vm-system-test:
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_pppoe_vm_system.py' -v
	python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_generator_vm_system.py' -v

## ONOS 2.7.0 from your checkouts (tools/onos/README.md): ONOS_SRC=... GNMI_SRC=... GNOI_SRC=... make onos
onos:
	tools/onos/build-onos.sh

## The ONOS build's readers and the real-ONOS lab controller's pieces (no ONOS checkout needed).
onos-tools-test:
	python3 -m unittest discover -s tools/onos/tests
	python3 -m unittest discover -s lab/onos/tests

## The same plus up/status/link/down on the real kernel with a stand-in switch (root; makes sfh-* namespaces).
lab-net-root-test:
	LABNET_ROOT_TESTS=1 $(LAB_PYTHON) -m unittest discover -s lab/net/tests -t lab/net

## Linux's IPv6 stack takes the controller's Router Advertisement (root; makes a sixflow-ra-* namespace,
## deleted after): default route via the router's link-local address, SLAAC address, MTU.
ra-linux-test:
	SIXFLOW_ROOT_TESTS=1 $(MVN) -q test -pl pipeconf,app -Dtest=RouterAdvertisementLinuxTest -Dsurefire.failIfNoSpecifiedTests=false

## System tests on the bmv2 lab: everything created through REST, checked on the wire at the hosts;
## then the dashboard e2e against the lab; the BNG, multihomed and 3-instance ONOS cluster labs after
## it (LAB_BNG=0, LAB_MULTIHOMED=0, LAB_CLUSTER=0 skip them). Skipped loudly without p4c and
## simple_switch_grpc on PATH.
lab-test:
	PYTHON=$(VENV)/bin/python lab/systest/run.sh

## The docs site (mkdocs.yml, docs/) into target/docs-site, strictly: a broken link or anchor fails.
docs: deps
	$(VENV)/bin/mkdocs build --strict --quiet
	@echo "Docs: target/docs-site/index.html"

## Regenerate the docs' generated parts: docs/generated/openapi.json from the app's own OpenAPI
## document (OpenApiExport, app test scope; held to the API by OpenApiExportTest), then the REST
## and CLI references (tools/docs/gen.py; held to their sources by tools/docs/tests).
docs-generate:
	$(MVN) -q test-compile dependency:build-classpath -pl app -am \
	    -Dmdep.outputFile=$(CURDIR)/app/target/docs.classpath -Dmdep.includeScope=test
	java -cp "app/target/test-classes:app/target/classes:$$(cat app/target/docs.classpath)" \
	    org.sixflow.app.rest.openapi.OpenApiExport docs/generated/openapi.json
	python3 tools/docs/gen.py

## The docs within `make test` (seconds, no build): the generated references against their sources,
## the links of README.md and the other Markdown outside docs/, then the strict site build.
docs-test:
	@test -x $(VENV)/bin/mkdocs || { echo "mkdocs is not in $(VENV): run make deps"; exit 1; }
	$(VENV)/bin/python -m unittest discover -s tools/docs/tests
	$(VENV)/bin/python tools/docs/check_links.py
	$(VENV)/bin/mkdocs build --strict --quiet

## Rewrite lab/topologies/*.json (msr6-study from docker/mininet/topology.py, fat-tree-k4).
lab-topologies:
	python3 lab/net/topogen.py

## Compile every profile of pipeconf/profiles.json (needs p4c; Tofino also needs bf-p4c, else its
## absent outputs are named), say which outputs are present and current, regenerate the constants.
p4-build:
	pipeconf/build-p4.sh
	pipeconf/build-p4.sh --status
	$(MAKE) constants

## Regenerate P4InfoConstants.java and ptf/lib/p4info_names.py from the full and bng profiles' bmv2 P4Infos,
## P4Defines.java (drop reasons, events, classes, code points) and the latency classes (the app's
## LatencyClass, the dashboard's latency-classes.ts) from p4src/common/define.p4.
## The generator is compiled on its own, so it runs even when main code uses names that changed.
constants:
	cd pipeconf && $(MVN) -q dependency:build-classpath -Dmdep.outputFile=target/codegen.classpath
	rm -rf pipeconf/target/codegen && mkdir -p pipeconf/target/codegen
	cd pipeconf && javac -d target/codegen -cp "$$(cat target/codegen.classpath)" \
	    src/test/java/org/sixflow/pipeconf/codegen/P4InfoConstantsGenerator.java \
	    src/test/java/org/sixflow/pipeconf/codegen/P4DefinesGenerator.java \
	    src/test/java/org/sixflow/pipeconf/codegen/PipeconfPaths.java
	cd pipeconf && java -cp "target/codegen:$$(cat target/codegen.classpath)" \
	    org.sixflow.pipeconf.codegen.P4InfoConstantsGenerator \
	    src/main/java/org/sixflow/pipeconf/P4InfoConstants.java ptf/lib/p4info_names.py \
	    src/main/resources/p4c-out/full/bmv2/p4info.txt src/main/resources/p4c-out/bng/bmv2/p4info.txt
	cd pipeconf && java -cp "target/codegen:$$(cat target/codegen.classpath)" \
	    org.sixflow.pipeconf.codegen.P4DefinesGenerator p4src/common/define.p4 \
	    src/main/java/org/sixflow/pipeconf/P4Defines.java
	rm -rf app/target/codegen && mkdir -p app/target/codegen/org/sixflow/app/api/codegen
	javac -d app/target/codegen app/src/test/java/org/sixflow/app/api/codegen/LatencyClassGenerator.java
	cp app/src/test/resources/org/sixflow/app/api/codegen/LatencyClass.java.in app/target/codegen/org/sixflow/app/api/codegen/
	java -cp app/target/codegen org.sixflow.app.api.codegen.LatencyClassGenerator pipeconf/p4src/common/define.p4 \
	    app/src/main/java/org/sixflow/app/api/LatencyClass.java web/src/app/core/latency-classes.ts

## Packet tests on bmv2, once per profile of pipeconf/profiles.json (tests of features a profile lacks
## are skipped for it): run where p4c and simple_switch_grpc are on PATH, skipped loudly elsewhere.
## First the latency benchmark's own tests (no switch: statistics, saturation detection, the table;
## the minimal programs compile and take the bench's entries where p4c-bm2-ss is on PATH) and
## the P4 tools' (pipeconf/tools/tests: the per-feature Tofino table's reading of bf-p4c output).
p4-test:
	$(VENV)/bin/python -m pytest -q pipeconf/bench/tests pipeconf/tools/tests
	PYTHON=$(VENV)/bin/python pipeconf/ptf/run.sh

## Benchmarks (they print figures; nothing is timed in tests).
bench-trees:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.features.msr6.impl.tree.TreeBenchmark

KRYO_OPENS = --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.lang.invoke=ALL-UNNAMED \
	--add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED \
	--add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED \
	--add-opens java.base/java.time=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED

## Tree create latency p50/p99 with 100, 1,000, 5,000 and 10,000 trees installed, on the tree
## manager's test fixture (BENCH_TREES="100 1000" for other counts).
## The tree store's Kryo needs what the tests' argLine opens (pom.xml); exec:java runs in Maven's JVM.
bench-tree-creates:
	$(MVN) -q -DskipTests install
	cd app && MAVEN_OPTS="$$MAVEN_OPTS $(KRYO_OPENS)" $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.features.msr6.impl.tree.TreeBenchmark -Dexec.args="creates $(BENCH_TREES)"

## The BNG relay at scale: sessions set up per second and heap per session (BENCH_BNG_SESSIONS, default "1000 8192").
bench-bng-sessions:
	$(MVN) -q -DskipTests install -pl pipeconf,app
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.features.bng.impl.BngSessionBenchmark -Dexec.args="$(BENCH_BNG_SESSIONS)"

bench-policies:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.features.apn6.impl.PolicyBenchmark

## The experiment runner's pacer by itself, nothing sent: interval error (mean, p99, max) at 1 ms and
## 100 µs for spin times 0/50/200 µs, and the CPU its thread burns. The floor under bench-experiments.
bench-pacing:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.experiments.PacingBenchmark

bench-history:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.history.HistoryBenchmark

## REST under load on the e2e harness (an hour of stored telemetry): wrk at 50 and 200 connections per
## GET endpoint (requests/s, p50, p99, errors), then again while 200 clients hold event streams.
bench-rest:
	tools/bench-rest.sh

## Latency on bmv2 (root): the minimal router, + APN6 HBH, + MRH encap and Sixflow's classes, wire to
## wire, each turn on a fresh switch; no ratios where a switch queued, then half the rate (pipeconf/bench/).
## BENCH_ARGS="--profile P --count N --interval-ms MS --step-downs K --report-every R --results DIR --idle poll|kernel
## --order shuffled|fixed --turns T --pin auto|none --pad" (Sixflow's profile: default ipv6, the smallest; --profile full
## for every class; the classes' order drawn anew each round unless --order fixed; each program's frames in T turns,
## default 5, the programs alternating; the switch alone on the last CPU unless --pin none; --pad: the minimal
## programs padded to the profile's declared state, compared without a goal's verdict);
## SIXFLOW_BMV2=/path/to/simple_switch_grpc picks another bmv2 build (pipeconf/README.md).
bench-latency:
	PYTHON=$(VENV)/bin/python pipeconf/bench/run.sh $(BENCH_ARGS)

## Instructions per frame on bmv2 (root, valgrind): bench-latency's programs and packets, each switch
## under callgrind; in all and by part (metadata reset, parser, pipelines, deparser, teardown), with
## the ratio to the minimal router. Deterministic, unlike latency. BENCH_ARGS="--profile P --count N --pad".
bench-instructions:
	PYTHON=$(VENV)/bin/python pipeconf/bench/instructions.sh $(BENCH_ARGS)

## bmv2 without its logging macros, for bench-latency (outside the repository: /opt/bmv2-bench;
## about 35 minutes, resumable). bench-latency runs it once it is there.
bmv2-bench:
	pipeconf/tools/build-bmv2-bench.sh

## The bmv2 lab (root, bmv2): southbound entries/s, POST trees -> first packet at every receiver on
## the 5- and 20-switch labs, reroute loss and repair time at 1 kpps.
bench-lab:
	PYTHON=$(VENV)/bin/python lab/systest/bench.sh

## Experiments on the bmv2 lab (root, bmv2): packet-out pacing error at 1 ms and 100 µs, the highest
## sustained probe rate (packet-outs and the host generator), time from the last probe to results.
bench-experiments:
	PYTHON=$(VENV)/bin/python lab/systest/bench-experiments.sh

## draft-murakami's GTP-U checksum comparison on the bmv2 lab (root, bmv2): the gtpu-murakami preset
## (IPv6 / zero / full / incremental / decap, 1492-byte frames at 100 and 500 pps) on links of MTU 1600,
## its tunnels created first; prints the draft's table per load point. BENCH_ARGS="--packets N --warmup N".
bench-gtpu:
	PYTHON=$(VENV)/bin/python lab/systest/bench-gtpu.sh

## The PPPoE study's single vs split data plane by the experiment runner (root, bmv2, the PPPoE VM
## image): real pppd and pppoe-server through the bng lab, then the bng-split lab, the presets
## pppoe-single and pppoe-split (119,476 packets each, about 2 min), then the runner's comparison:
## the study's two tables (BENCH_ARGS="--packets 3000" for a short run).
bench-bng-split:
	PYTHON=$(VENV)/bin/python lab/systest/bench-bng-split.sh $(BENCH_ARGS)

## The BNG at scale in the lab (root, bmv2, jcmd, the PPPoE VM image): 1,000 generated PPPoE
## sessions beside three real pppd, through the relay to real pppoe-servers, each pinging through
## bmv2; set-up rate, entries, held and lost, memory per layer (BENCH_ARGS="--sessions 100").
bench-bng-scale:
	PYTHON=$(VENV)/bin/python lab/systest/bench-bng-scale.sh $(BENCH_ARGS)

## The studies' presets run unchanged on the bmv2 lab (root, bmv2): APN6 as in IETF 109 (50,000 probes
## per class at 1 ms) and MSR6 TE/RLB as in IETF 119, their policy and trees created first; prints the
## studies' tables. BENCH_ARGS="--presets ID,... --packets N --warmup N".
bench-presets:
	PYTHON=$(VENV)/bin/python lab/systest/bench-presets.sh

## The ILNP thesis's grid (IPv6, NPTv6, ILNP by iperf3 and ping) run by Sixflow on the multihomed lab.
bench-multihoming:
	PYTHON=$(VENV)/bin/python lab/systest/bench-multihoming.sh

clean:
	$(MVN) -q clean
	rm -rf web/dist target/docs-site
