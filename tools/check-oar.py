#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Checks the two ONOS application archives: app names, required apps, bundles and, for the
pipeconf, the compiled P4 artifacts inside its bundle. Run after `mvn package`/`verify`."""

import glob
import io
import sys
import xml.etree.ElementTree as ET
import zipfile

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def oar(module):
    found = sorted(glob.glob(f"{module}/target/*.oar"))
    if not found:
        sys.exit(f"no .oar in {module}/target: run mvn package first")
    return zipfile.ZipFile(found[-1])


def app_xml(archive):
    return ET.fromstring(archive.read("app.xml"))


def bundles(archive):
    return [n for n in archive.namelist() if n.startswith("m2/") and n.endswith(".jar")]


pipeconf = oar("pipeconf")
app = oar("app")

p = app_xml(pipeconf)
check(p.get("name") == "org.sixflow.pipeconf", f"pipeconf app name is {p.get('name')}")
check({"org.onosproject.drivers.bmv2", "org.onosproject.drivers.barefoot"} <= set(p.get("apps", "").split(",")),
      f"pipeconf requires {p.get('apps')}")
pipeconf_jars = bundles(pipeconf)
check(any("sixflow-pipeconf" in j for j in pipeconf_jars), "pipeconf bundle missing from its .oar")
jar = zipfile.ZipFile(io.BytesIO(pipeconf.read(next(j for j in pipeconf_jars if "sixflow-pipeconf" in j))))
for artifact in ("bmv2.json", "p4info.txt", "cpu_port.txt", "source.sha256"):
    check(f"p4c-out/bmv2/{artifact}" in jar.namelist(), f"pipeconf bundle lacks p4c-out/bmv2/{artifact}")
check("OSGI-INF/org.sixflow.pipeconf.PipeconfLoader.xml" in jar.namelist(), "PipeconfLoader component missing")

a = app_xml(app)
check(a.get("name") == "org.sixflow.app", f"app name is {a.get('name')}")
check("org.sixflow.pipeconf" in a.get("apps", "").split(","), f"app requires {a.get('apps')}")
app_jars = bundles(app)
for needed in ("sixflow-app", "postgresql", "flyway-core", "HikariCP", "commons-math3"):
    check(any(needed in j for j in app_jars), f"{needed} bundle missing from the app .oar")
app_jar = zipfile.ZipFile(io.BytesIO(app.read(next(j for j in app_jars if "sixflow-app" in j))))
manifest = app_jar.read("META-INF/MANIFEST.MF").decode()
check("Web-ContextPath: /onos/sixflow" in manifest, "app bundle has no /onos/sixflow web context")
check("Karaf-Commands: org.sixflow.app.cli" in manifest, "app bundle does not declare its Karaf commands")
check("WEB-INF/classes/db/migration/V1__events.sql" in app_jar.namelist(), "migrations missing from the app bundle")
check("WEB-INF/classes/dashboard/index.html" in app_jar.namelist(),
      "the dashboard is missing from the app bundle (build web/ before packaging the app)")

if failures:
    print("oar check FAILED:\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"oar check: 2 archives OK ({len(pipeconf_jars)} + {len(app_jars)} bundles)")
