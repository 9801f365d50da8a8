# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Two commands matter: `make run` builds everything and starts the lab; `make test` installs
# what is missing and runs every test. The other targets are their parts.

SHELL := /bin/bash
MVN ?= mvn -B -ntp
COMPOSE ?= docker compose -f docker/docker-compose.yml
VENV := $(CURDIR)/.venv

.PHONY: run build app-build web-build deps test java-test web-test web-e2e docker-check p4-build constants \
        p4-test bench-trees bench-policies bench-history bench-latency clean

## Build the .oar files and the dashboard, then start ONOS, Mininet, PostgreSQL and the web UI.
run: build
	$(COMPOSE) up -d
	@echo "Dashboard: http://localhost:8080   ONOS GUI: http://localhost:8181/onos/ui (onos/rocks)"

build: app-build

## The app bundle carries the built dashboard (served at /onos/sixflow/ui/), so web/ builds first.
app-build: web-build
	$(MVN) -DskipTests package

web-build: deps
	cd web && npm run build

deps:
	tools/ensure-deps.sh

## Every test: Java (with a real PostgreSQL), web (headless Chromium), lab files, packet tests.
test: deps java-test web-test web-e2e docker-check p4-test

## mvn verify ends with osgi-test/: both .oar files in ONOS 2.7.0's Karaf (first run fetches it from Maven Central).
java-test: web-build
	$(MVN) verify
	tools/check-oar.py

web-test:
	cd web && CHROME_BIN=$${CHROME_BIN:-/usr/bin/chromium} npm run test:ci

## The dashboard end to end: Playwright (playwright-core) drives Debian's headless Chromium against
## the built dashboard and the app's real REST API (app/'s DashboardHarness: the real managers over
## the simulated lab, a real PostgreSQL, stored telemetry). Screenshots land in web/e2e-artifacts/.
web-e2e: deps
	cd web && npm run build
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q dependency:build-classpath -Dmdep.outputFile=target/e2e.classpath -Dmdep.includeScope=test
	cd web && CHROME_BIN=$${CHROME_BIN:-/usr/bin/chromium} npm run e2e

docker-check:
	docker/check.sh

## Compile the P4 programs (needs p4c; Tofino also needs bf-p4c) and regenerate the constants.
p4-build:
	pipeconf/build-p4.sh
	$(MAKE) constants

## Regenerate P4InfoConstants.java and ptf/lib/p4info_names.py from the committed bmv2 P4Info.
## The generator is compiled on its own, so it runs even when main code uses names that changed.
constants:
	cd pipeconf && $(MVN) -q dependency:build-classpath -Dmdep.outputFile=target/codegen.classpath
	rm -rf pipeconf/target/codegen && mkdir -p pipeconf/target/codegen
	cd pipeconf && javac -d target/codegen -cp "$$(cat target/codegen.classpath)" \
	    src/test/java/org/sixflow/pipeconf/codegen/P4InfoConstantsGenerator.java \
	    src/test/java/org/sixflow/pipeconf/codegen/PipeconfPaths.java
	cd pipeconf && java -cp "target/codegen:$$(cat target/codegen.classpath)" \
	    org.sixflow.pipeconf.codegen.P4InfoConstantsGenerator src/main/resources/p4c-out/bmv2/p4info.txt \
	    src/main/java/org/sixflow/pipeconf/P4InfoConstants.java ptf/lib/p4info_names.py

## Packet tests on bmv2: run where p4c and simple_switch_grpc are on PATH, skipped loudly elsewhere.
p4-test:
	PYTHON=$(VENV)/bin/python pipeconf/ptf/run.sh

## Benchmarks (they print figures; nothing is timed in tests).
bench-trees:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.msr6.tree.TreeBenchmark

bench-policies:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.apn6.PolicyBenchmark

bench-history:
	$(MVN) -q -DskipTests install
	cd app && $(MVN) -q exec:java -Dexec.classpathScope=test \
	    -Dexec.mainClass=org.sixflow.app.history.HistoryBenchmark

bench-latency:
	PYTHON=$(VENV)/bin/python pipeconf/bench/run.sh $(BENCH_ARGS)

clean:
	$(MVN) -q clean
	rm -rf web/dist
