#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Checks the two ONOS application archives: app.xml and features.xml as ONOS 2.7.0 reads them
(core/common/.../ApplicationArchive.java, DefaultApplicationDescription, ApplicationManager), the bundles in
the m2/ layout, and what each Sixflow bundle must carry. Run after `mvn package`/`verify`.
osgi-test/ installs the same archives in ONOS's Karaf; this is the quick static half."""

import glob
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
import zipfile

# Features an app's features.xml may require without defining them: ONOS 2.7.0's own
# (tools/package/features/BUILD) and the Karaf features ONOS boots (etc/org.apache.karaf.features.cfg).
ONOS_FEATURES = {"onos-thirdparty-base", "onos-thirdparty-web", "onos-api", "onos-core", "onos-cli", "onos-rest",
                 "scr", "war", "webconsole", "shell", "wrap", "bundle", "config", "feature"}
KARAF_FEATURES_NS = re.compile(r"^\{http://karaf\.apache\.org/xmlns/features/v1\.[0-6]\.0\}features$")
APP_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def oar(module):
    found = sorted(glob.glob(f"{module}/target/*.oar"))
    if not found:
        sys.exit(f"no .oar in {module}/target: run mvn package first")
    return zipfile.ZipFile(found[-1])


def m2_path(url):
    """mvn:group/artifact/version[/type[/classifier]] -> the m2/ entry ONOS stages into Karaf's system/."""
    url = re.sub(r"^wrap:", "", url)
    url = re.sub(r"\$.*$", "", url)
    if not url.startswith("mvn:"):
        return None
    parts = url[len("mvn:"):].split("/")
    if len(parts) < 3:
        return None
    group, artifact, version = parts[:3]
    kind = parts[3] if len(parts) > 3 else "jar"
    classifier = f"-{parts[4]}" if len(parts) > 4 else ""
    return f"m2/{group.replace('.', '/')}/{artifact}/{version}/{artifact}-{version}{classifier}.{kind}"


def app_descriptor(label, archive):
    """What ApplicationArchive.loadAppDescription reads and DefaultApplicationDescription requires."""
    if not check("app.xml" in archive.namelist(), f"{label}: no app.xml"):
        return None
    app = ET.fromstring(archive.read("app.xml"))
    check(app.tag == "app", f"{label}: app.xml root is <{app.tag}>, ONOS reads <app>")
    for attribute in ("name", "origin", "version", "features", "featuresRepo"):
        check(app.get(attribute, "").strip(), f"{label}: app.xml has no {attribute}")
    check(APP_NAME.match(app.get("name", "")), f"{label}: app name {app.get('name')!r} is not dotted lower case")
    version = re.split(r"[.-]", app.get("version", ""), maxsplit=3)
    check(len(version) >= 2 and version[0].isdigit() and version[1].isdigit(),
          f"{label}: version {app.get('version')!r} is not what ONOS's Version.version parses (major.minor...)")
    description = app.findtext("description")
    check(description and description.strip(), f"{label}: app.xml has no <description> (ONOS's readme)")
    for feature in app.get("features", "").split(","):
        check(feature and feature == feature.strip(), f"{label}: features={app.get('features')!r} has a blank")
    for required in filter(None, app.get("apps", "").split(",")):
        check(APP_NAME.match(required), f"{label}: required app {required!r} is not an app name")
    for artifact in app.findall("artifact"):
        path = m2_path(artifact.text.strip())
        check(path in archive.namelist(), f"{label}: <artifact>{artifact.text}</artifact> is not in the archive")
    return app


def features_descriptor(label, archive, app):
    """The features repository app.xml names, as ApplicationManager adds it to Karaf and installs from it."""
    path = m2_path(app.get("featuresRepo", ""))
    if not check(path and path.endswith("-features.xml") and path in archive.namelist(),
                 f"{label}: featuresRepo {app.get('featuresRepo')!r} is not in the archive's m2/"):
        return
    root = ET.fromstring(archive.read(path))
    check(KARAF_FEATURES_NS.match(root.tag), f"{label}: {path} is not a Karaf features file ({root.tag})")
    ns = root.tag[:root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    check(root.get("name"), f"{label}: {path} has no repository name")
    features = root.findall(f"{ns}feature")
    defined = {f.get("name") for f in features}
    for wanted in app.get("features", "").split(","):
        check(wanted in defined, f"{label}: app.xml installs feature {wanted!r}; {path} defines {sorted(defined)}")
    listed = set()
    for feature in features:
        for needed in feature.findall(f"{ns}feature"):
            check(needed.text in defined | ONOS_FEATURES,
                  f"{label}: feature {feature.get('name')} needs {needed.text!r}, which neither it nor ONOS defines")
        for bundle in feature.findall(f"{ns}bundle"):
            jar = m2_path(bundle.text.strip())
            listed.add(jar)
            check(jar in archive.namelist(), f"{label}: feature {feature.get('name')} installs {bundle.text}, "
                                             f"which is not in the archive's m2/")
    artifacts = {m2_path(a.text.strip()) for a in app.findall("artifact")}
    for jar in bundles(archive):
        check(jar in listed, f"{label}: {jar} is in the archive but no feature installs it")
        check(jar in artifacts, f"{label}: {jar} is in the archive but app.xml lists no <artifact> for it")


def bundles(archive):
    return [n for n in archive.namelist() if n.startswith("m2/") and n.endswith(".jar")]


def manifest(jar):
    text = jar.read("META-INF/MANIFEST.MF").decode().replace("\r\n", "\n").replace("\n ", "")
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def no_java_imports(label, headers):
    imports = re.findall(r"(?:^|,)(java\.[\w.]+)", headers.get("Import-Package", ""))
    check(not imports, f"{label} imports {imports[:3]}...: Felix 5.6.12 (ONOS 2.7) refuses to install it")


pipeconf = oar("pipeconf")
app = oar("app")

for label, archive in (("pipeconf .oar", pipeconf), ("app .oar", app)):
    descriptor = app_descriptor(label, archive)
    if descriptor is not None:
        features_descriptor(label, archive, descriptor)

p = ET.fromstring(pipeconf.read("app.xml"))
check(p.get("name") == "org.sixflow.pipeconf", f"pipeconf app name is {p.get('name')}")
check({"org.onosproject.drivers.bmv2", "org.onosproject.drivers.barefoot"} <= set(p.get("apps", "").split(",")),
      f"pipeconf requires {p.get('apps')}")
pipeconf_jars = bundles(pipeconf)
check(any("sixflow-pipeconf" in j for j in pipeconf_jars), "pipeconf bundle missing from its .oar")
jar = zipfile.ZipFile(io.BytesIO(pipeconf.read(next(j for j in pipeconf_jars if "sixflow-pipeconf" in j))))
# Every profile's bmv2 artifacts (profiles.json, which the bundle carries too).
check("profiles.json" in jar.namelist(), "pipeconf bundle lacks profiles.json")
for profile in json.loads(jar.read("profiles.json"))["profiles"]:
    for artifact in ("bmv2.json", "p4info.txt", "cpu_port.txt", "source.sha256"):
        check(f"p4c-out/{profile}/bmv2/{artifact}" in jar.namelist(),
              f"pipeconf bundle lacks p4c-out/{profile}/bmv2/{artifact}")
check("OSGI-INF/org.sixflow.pipeconf.PipeconfLoader.xml" in jar.namelist(), "PipeconfLoader component missing")
no_java_imports("pipeconf bundle", manifest(jar))

a = ET.fromstring(app.read("app.xml"))
check(a.get("name") == "org.sixflow.app", f"app name is {a.get('name')}")
check("org.sixflow.pipeconf" in a.get("apps", "").split(","), f"app requires {a.get('apps')}")
app_jars = bundles(app)
for needed in ("sixflow-app", "postgresql", "flyway-core", "HikariCP", "commons-math3"):
    check(any(needed in j for j in app_jars), f"{needed} bundle missing from the app .oar")
app_jar = zipfile.ZipFile(io.BytesIO(app.read(next(j for j in app_jars if "sixflow-app" in j))))
headers = manifest(app_jar)
check(headers.get("Web-ContextPath") == "/onos/sixflow", "app bundle has no /onos/sixflow web context")
# Karaf finds commands only in the packages this header names, a clause ending in ".*" naming a
# package and all below it (Karaf 4.2's CommandExtension): every cli package the bundle carries,
# the shared one and each feature slice's (features/<f>/cli), must be covered.
cli_packages = {
    "/".join(n.split("/")[:-1]).replace("WEB-INF/classes/", "").replace("/", ".")
    for n in app_jar.namelist()
    if n.endswith(".class") and n.split("/")[-2] == "cli" and "org/sixflow/app/" in n}
declared = [p.strip() for p in headers.get("Karaf-Commands", "").split(",") if p.strip()]


def scanned(package):
    return any(package == c or (c.endswith(".*") and (package + ".").startswith(c[:-1])) for c in declared)


check("org.sixflow.app.cli" in cli_packages and len(cli_packages) > 2,
      "app bundle carries too few command packages: %s" % sorted(cli_packages))
check(all(scanned(p) for p in cli_packages), "app bundle declares Karaf commands in %s, which misses %s"
      % (declared, sorted(p for p in cli_packages if not scanned(p))))
no_java_imports("app bundle", headers)
# On the class path for tests and HistoryDatabase, and at the root where Flyway's OSGi scanner lists them.
for where in ("WEB-INF/classes/db/migration/V1__events.sql", "db/migration/V1__events.sql"):
    check(where in app_jar.namelist(), f"migrations missing from the app bundle: no {where}")
check("WEB-INF/classes/dashboard/index.html" in app_jar.namelist(),
      "the dashboard is missing from the app bundle (build web/ before packaging the app)")

if failures:
    print("oar check FAILED:\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"oar check: 2 archives OK ({len(pipeconf_jars)} + {len(app_jars)} bundles)")
