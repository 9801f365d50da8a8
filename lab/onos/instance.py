# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""One ONOS instance of a lab run, from the home tools/onos/build-onos.sh assembled.

Each run gets an instance folder of its own (Karaf's bin, lib and etc copied, its system/
repository shared by a link, a fresh data/ and apps/), so runs never see each other's state and
several instances (a cluster) can run from one build. Everything listens on loopback only."""
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

import diagnosis
from ports import free_port

KARAF_DIR = "apache-karaf-4.2.9"
# ONOS's Jetty as Sixflow needs it (tools/onos/etc/jetty.xml), copied into every instance.
JETTY_XML = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "onos", "etc", "jetty.xml")
# Java 17 runs ONOS 2.7 (built for 11) once Kryo, Netty and Atomix may reach into java.base.
JAVA_OPENS = ["java.base/java.nio", "java.base/sun.nio.ch", "java.base/java.util.concurrent",
              "java.base/java.util.concurrent.atomic", "java.base/java.time", "java.base/java.io",
              "java.base/java.lang.invoke", "java.base/java.lang.reflect", "java.base/java.math",
              "java.base/java.text", "java.base/java.net", "java.base/java.lang", "java.base/java.util"]


def java_major(java="java"):
    """The major version of the JVM that runs ONOS (`java -version`), or None if it says none."""
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r'version "(?:1\.)?(\d+)', out.stderr + out.stdout)
    return int(found.group(1)) if found else None


def onos_java(env):
    """The java Karaf's script starts ONOS with: JAVA_HOME's when it is set, else the one on PATH."""
    home = env.get("JAVA_HOME")
    return os.path.join(home, "bin", "java") if home else "java"


def collector(major):
    """ZGC where it is a production collector (Java 15 on), else G1. The experiments' pacer runs
    inside ONOS, and G1's young pauses (40-60 ms in the lab's ONOS under load, 2026-12-01) stop it
    and late probes follow (docs/features/experiments.md). GET health under 2,000 slow REST
    clients was no worse with ZGC than with G1."""
    return "-XX:+UseZGC" if major is not None and major >= 15 else "-XX:+UseG1GC"


def java_options(heap, major, extra=""):
    """JAVA_OPTS of an instance: heap, collector, the module openings Java 17 needs, then the
    operator's own (LAB_ONOS_JAVA_OPTS, e.g. -Xlog:gc:file=...; a collector named there replaces
    ours)."""
    extra = extra.split()
    own_collector = [] if any(re.fullmatch(r"-XX:\+Use\w+GC", o) for o in extra) else [collector(major)]
    return ([f"-Xms512m", f"-Xmx{heap}"] + own_collector + ["-Dio.netty.tryReflectionSetAccessible=true"]
            + [f"--add-opens {m}=ALL-UNNAMED" for m in JAVA_OPENS] + extra)


def _set(path, key, value):
    """Sets key = value in a Karaf .cfg file (replacing an uncommented line, else appending)."""
    with open(path, encoding="latin-1") as f:
        text = f.read()
    line = f"{key} = {value}"
    pattern = re.compile(r"^" + re.escape(key) + r"\s*=.*$", re.MULTILINE)
    text = pattern.sub(lambda _: line, text) if pattern.search(text) else text.rstrip("\n") + "\n" + line + "\n"
    with open(path, "w", encoding="latin-1") as f:
        f.write(text)


def jetty_xml(ip, http_port):
    """The repository's jetty.xml for an instance on ip:http_port. Its connector's address and port
    default to ONOS's (0.0.0.0:8181) and pax-web does not hand them its configuration: an instance
    on another port got a second connector of pax-web's own there, with none of these settings
    (its accept queue was Java's 50, and the lab's REST went through it), beside this one on
    0.0.0.0:8181. With the instance's own address and port, pax-web takes this connector as its."""
    with open(JETTY_XML) as f:
        text = f.read()
    for name, value in (("org.ops4j.pax.web.listening.addresses", ip), ("org.osgi.service.http.port", http_port)):
        marker = f'<Property name="{name}" default="'
        start = text.index(marker) + len(marker)
        text = text[:start] + str(value) + text[text.index('"', start):]
    return text


class OnosError(Exception):
    pass


class OnosBootError(OnosError):
    """ONOS did not come up in this boot, and nothing will recover it in this run: start again.
    Either its core failed (a component of onos-core-net that Felix's SCR refused, e.g.
    "activate method [activate] not found; Component will fail", when Karaf refreshes the core
    while installing an app's features; the refresh that caused it is avoided, BOOT_PROTOBUF), or
    the boot stalled (wait's stall)."""


# A boot that has written nothing to karaf.log for this long and does not answer is stuck (a
# healthy one logs all along and answers REST in about 20 s here).
BOOT_STALL_SECONDS = 120
# Boots of one instance a lab tries before it gives up (boot()).
BOOT_ATTEMPTS = 5


def boot(onos, start, wait, told, attempts=BOOT_ATTEMPTS, retry=(OnosBootError,)):
    """Starts an instance and waits until it is up, starting it afresh when a boot fails in a way a
    fresh start cures. start(attempt) prepares and starts it (a fresh folder each time); wait()
    returns once it is up or raises; an error of a retry class stops the instance and, unless
    this was the last of attempts, starts it again, after told(error, next_attempt) says so.
    Returns the attempt that came up. Every lab boots its instances through here: the single
    instance (onoslab.py), each member of a cluster (cluster.py, where one of three once hung in
    Karaf's boot, its log still 1 s after start, until the test gave up at 900 s) and the
    install test's."""
    for attempt in range(1, attempts + 1):
        start(attempt)
        try:
            wait()
            return attempt
        except retry as e:
            onos.stop()
            if attempt == attempts:
                raise
            told(e, attempt + 1)


# The protobuf runtime ONOS's gRPC apps install. netty 4's codec and netty 3 (in ONOS's third-party
# base, booted) import com.google.protobuf optionally: installed later, by the first gRPC app's
# activation, it made Karaf refresh netty and with it the whole ONOS core, whose SCR then failed
# to activate onos-core-net's components in about one boot of three under load (karaf.log:
# "Refreshing bundles: io.netty.codec (Should be wired to: ...protobuf_java ...)", then
# "activate method [activate] not found"). Booted with the third-party base, netty is wired to it
# from the start and activating the gRPC apps refreshes nothing.
BOOT_PROTOBUF = ("org/onosproject/com_google_protobuf_protobuf_java/2.7.0/com_google_protobuf_protobuf_java-2.7.0.jar",
                 "mvn:org.onosproject/com_google_protobuf_protobuf_java/2.7.0")
BOOT_FEATURE = "sixflow-lab-boot-protobuf"
BASE_STAGE = "(onos-thirdparty-base)"


def boot_features_xml():
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<features xmlns="http://karaf.apache.org/xmlns/features/v1.2.0" name="sixflow-lab-boot">\n'
            f'    <feature name="{BOOT_FEATURE}" version="2.7.0" description="protobuf at boot (lab/onos/instance.py)">\n'
            f'        <bundle>{BOOT_PROTOBUF[1]}</bundle>\n'
            '    </feature>\n</features>\n')


def boot_protobuf_with_the_base(etc, system):
    """Boots the protobuf runtime in the third-party base's stage (BOOT_PROTOBUF says why), where
    the build has it and boots that stage; otherwise leaves Karaf's boot as it is."""
    cfg = os.path.join(etc, "org.apache.karaf.features.cfg")
    if not os.path.isfile(os.path.join(system, BOOT_PROTOBUF[0])) or not os.path.isfile(cfg):
        return False
    with open(cfg, encoding="latin-1") as f:
        text = f.read()
    boot = re.search(r"^featuresBoot\s*=(.*)$", text, re.MULTILINE)
    repos = re.search(r"^featuresRepositories\s*=(.*)$", text, re.MULTILINE)
    if not boot or BASE_STAGE not in boot.group(1) or not repos:
        return False
    xml = os.path.join(etc, "sixflow-lab-boot-features.xml")
    with open(xml, "w") as f:
        f.write(boot_features_xml())
    _set(cfg, "featuresRepositories", repos.group(1).strip() + ", file:" + xml)
    _set(cfg, "featuresBoot", boot.group(1).strip().replace(BASE_STAGE, f"({BASE_STAGE[1:-1]}, {BOOT_FEATURE})"))
    return True


# What karaf.log says when ONOS's core cannot come up in this boot.
CORE_BOOT_FAILURE = ("onos-core-net", "Component will fail")


class OnosInstance:
    """An ONOS instance in folder root, answering REST on ip:http_port."""

    def __init__(self, home, root, http_port, ssh_port, ip="127.0.0.1", heap="2g", user="onos", password="rocks"):
        self.home, self.root = os.path.abspath(home), os.path.abspath(root)
        self.http_port, self.ssh_port, self.ip, self.heap = http_port, ssh_port, ip, heap
        self.karaf = os.path.join(self.root, KARAF_DIR)
        self.log = os.path.join(self.root, "karaf.out")
        self.karaf_log = os.path.join(self.karaf, "data", "log", "karaf.log")
        self.pidfile = os.path.join(self.root, "karaf.pid")
        self._auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.process = None

    @property
    def url(self):
        return f"http://{self.ip}:{self.http_port}/onos"

    def prepare(self, rmi_ports=(0, 0), cluster_json=None):
        if not os.path.isfile(os.path.join(self.home, KARAF_DIR, "bin", "karaf")):
            raise OnosError(f"no ONOS build at {self.home}: run tools/onos/build-onos.sh")
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(self.root)
        src = os.path.join(self.home, KARAF_DIR)
        for part in ("bin", "lib", "etc"):
            shutil.copytree(os.path.join(src, part), os.path.join(self.karaf, part), symlinks=True)
        os.symlink(os.path.join(src, "system"), os.path.join(self.karaf, "system"))
        shutil.copytree(os.path.join(self.home, "apps"), os.path.join(self.root, "apps"))
        shutil.copy(os.path.join(self.home, "VERSION"), os.path.join(self.root, "VERSION"))
        etc = os.path.join(self.karaf, "etc")
        boot_protobuf_with_the_base(etc, os.path.join(src, "system"))
        # The repository's Jetty settings, not the ones the build staged: a build staged before
        # they changed would run with the old ones (it did: a minimum data rate that cut off a
        # two-byte body read a few ms late with 408).
        with open(os.path.join(etc, "jetty.xml"), "w") as f:
            f.write(jetty_xml(self.ip, self.http_port))
        _set(os.path.join(etc, "org.ops4j.pax.web.cfg"), "org.osgi.service.http.port", self.http_port)
        _set(os.path.join(etc, "org.ops4j.pax.web.cfg"), "org.osgi.service.http.host", self.ip)
        _set(os.path.join(etc, "org.apache.karaf.shell.cfg"), "sshPort", self.ssh_port)
        _set(os.path.join(etc, "org.apache.karaf.shell.cfg"), "sshHost", self.ip)
        rmi_registry, rmi_server = rmi_ports
        _set(os.path.join(etc, "org.apache.karaf.management.cfg"), "rmiRegistryHost", self.ip)
        _set(os.path.join(etc, "org.apache.karaf.management.cfg"), "rmiRegistryPort", rmi_registry or self.ssh_port + 1)
        _set(os.path.join(etc, "org.apache.karaf.management.cfg"), "rmiServerHost", self.ip)
        _set(os.path.join(etc, "org.apache.karaf.management.cfg"), "rmiServerPort", rmi_server or self.ssh_port + 2)
        if cluster_json is None:
            cluster_json = single_node_cluster_json(self.ip)
        if cluster_json is not None:
            os.makedirs(os.path.join(self.root, "config"))
            with open(os.path.join(self.root, "config", "cluster.json"), "w") as f:
                json.dump(cluster_json, f, indent=1)
        return self

    def start(self, extra_env=None):
        env = dict(os.environ)
        env.update({
            "KARAF_BASE": self.karaf, "KARAF_DATA": os.path.join(self.karaf, "data"),
            "KARAF_ETC": os.path.join(self.karaf, "etc"), "ONOS_IP": self.ip,
            "JAVA_OPTS": " ".join(java_options(self.heap, java_major(onos_java(env)), os.environ.get("LAB_ONOS_JAVA_OPTS", ""))),
        })
        env.update(extra_env or {})
        os.makedirs(env["KARAF_DATA"], exist_ok=True)   # Karaf refuses a data folder that is not there
        # ONOS finds its apps at ../apps and its cluster file at ../config from Karaf's folder.
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen([os.path.join(self.karaf, "bin", "karaf"), "server"], cwd=self.karaf,
                                            env=env, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        with open(self.pidfile, "w") as f:
            f.write(str(self.process.pid))
        return self

    def stop(self, timeout=60):
        """Stops the instance's whole process group (Karaf's script exits before ONOS's JVM)."""
        stop_group(self.process.pid if self.process else _read_pid(self.pidfile), timeout, self.process)

    def kill(self, timeout=30):
        """Ends the instance's whole process group at once (SIGKILL: no shutdown, as a crash), and
        waits until none of it is left."""
        pgid = self.process.pid if self.process else _read_pid(self.pidfile)
        if pgid:
            try:
                os.killpg(pgid, signal.SIGKILL)
            except ProcessLookupError:
                return
            stop_group(pgid, timeout, self.process)   # reaps it; SIGTERM to a dead group is a no-op

    # ---- REST, as an operator's script uses it ------------------------------------------------
    def rest(self, method, path, body=None, content_type="application/json", timeout=60):
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        headers = {"Authorization": self._auth, "Accept": "application/json"}
        if data is not None:   # ONOS's REST answers 415 to a body-less request that names a type
            headers["Content-Type"] = content_type
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                text = response.read().decode()
                return response.status, (json.loads(text) if text.strip().startswith(("{", "[")) else text)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace")

    def wait(self, what, check, timeout, every=1.0, stall=None):
        """Asks check() every second until it answers True. A wait that ends unmet says what the
        instance was doing (diagnosis.report). stall: seconds; when karaf.log has not grown for
        that long and check() still fails, the boot is stuck with nothing more to say (CI saw one
        whose REST API refused connections for 420 s with no ERROR logged): OnosBootError, so a
        caller can start a fresh instance instead of waiting on."""
        deadline = time.time() + timeout
        last = None
        log_size, grown = None, time.time()
        while time.time() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise OnosError(f"ONOS exited (code {self.process.returncode}) while waiting for {what}; see {self.log}")
            try:
                last = check()
                if last is True:
                    return
            except (OSError, urllib.error.URLError) as e:
                last = e
            failure = self.core_boot_failure()
            if failure:
                raise OnosBootError(f"ONOS's core failed to start while waiting for {what}: {failure}")
            if stall is not None:
                size = self._log_size()
                if size != log_size:
                    log_size, grown = size, time.time()
                elif time.time() - grown > stall:
                    raise OnosBootError(f"ONOS's boot stalled while waiting for {what}: karaf.log unchanged for "
                                        f"{stall} s (last: {last})" + self.logged_errors() + "\n" + self.diagnosis())
            time.sleep(every)
        raise OnosError(f"{what}: not within {timeout} s (last: {last}); see {self.karaf}/data/log/karaf.log"
                        + self.logged_errors() + "\n" + self.diagnosis())

    def _log_size(self):
        try:
            return os.path.getsize(self.karaf_log)
        except OSError:
            return None

    def diagnosis(self):
        """The ends of the instance's logs and its JVM's boot threads (diagnosis.report)."""
        pgid = self.process.pid if self.process else _read_pid(self.pidfile)
        try:
            return diagnosis.report(self.root, self.karaf_log, pgid, onos_java(os.environ))
        except Exception as e:   # a failure to diagnose must not hide the failure being reported
            return f"(no diagnosis: {e!r})"

    def core_boot_failure(self):
        """The karaf.log line that says ONOS's core cannot come up in this boot, or None."""
        try:
            with open(self.karaf_log, errors="replace") as f:
                for line in f:
                    if "| ERROR |" in line and all(part in line for part in CORE_BOOT_FAILURE):
                        return line.strip()
        except OSError:
            pass
        return None

    def logged_errors(self, most=20):
        """ONOS's last ERROR lines, for a failure that may happen where karaf.log is not kept."""
        try:
            with open(self.karaf_log, errors="replace") as f:
                errors = [line.rstrip() for line in f if "| ERROR |" in line]
        except OSError:
            return ""
        if not errors:
            return ""
        return "\nlast ERROR lines of karaf.log:" + "".join("\n  " + line for line in errors[-most:])

    def wait_rest(self, timeout=300, stall=None):
        """Waits for the REST API, a READY cluster and the application subsystem (each comes up on
        its own: REST answers 503 for a service not yet registered). stall: as wait's."""
        def up():
            status, body = self.rest("GET", "/v1/cluster")
            if status != 200 or not any(n.get("status") in ("READY", "ACTIVE") for n in body.get("nodes", [])):
                return status, body
            status, body = self.rest("GET", "/v1/applications")
            return status == 200 or (status, body)
        self.wait("ONOS's REST API, cluster and applications", up, timeout, stall=stall)

    def app_state(self, name):
        status, body = self.rest("GET", f"/v1/applications/{name}")
        return body.get("state") if status == 200 else None

    def activate(self, name, timeout=120):
        """Activates an app and waits until ONOS reports it and its components ready. ONOS reads
        its apps/ folder after its REST API is up: until then an app is 404."""
        def activated():
            status, body = self.rest("POST", f"/v1/applications/{name}/active")
            if status in (404,) or status >= 500:
                # 5xx: a first activation installs Karaf features, and the feature service may
                # refresh onos-rest's bundle while it serves this request (Jetty's own 500, not
                # ONOS's). Activation is idempotent, so the request is repeated.
                return status, body
            if status != 200:
                raise OnosError(f"activating {name}: HTTP {status}: {body}")
            return True
        self.wait(f"app {name} activated", activated, timeout)
        self.wait_app_ready(name, timeout)

    def wait_app_ready(self, name, timeout=120):
        """Waits until ONOS reports every component of the app active. ONOS's health answer alone
        is not that: it checks the SCR components of the app's features' bundles, and a bundle
        Karaf has installed but not yet started has none for SCR to report, so it says "ready"
        before the app's components exist, then "pending" while they activate (2026-12-02: CI's
        first look after the installs found Sixflow pending; here, "ready" was followed by 6 s of
        "pending" as Sixflow's components started). So "ready" counts
        once Karaf also reports each of the app's features Started (its bundles started, which
        activates their immediate components), and is asked again after that."""
        def health():
            status, body = self.rest("GET", f"/v1/applications/{name}/health")
            return (status == 200 and isinstance(body, dict) and body.get("message") == "ready") or (status, body)

        def ready():
            answer = health()
            if answer is not True:
                return answer
            status, body = self.rest("GET", f"/v1/applications/{name}")
            features = body.get("features") if status == 200 and isinstance(body, dict) else None
            if not features:
                return f"no features named for {name}: HTTP {status}: {body}"
            states = self.feature_states()
            waiting = {f: states.get(f, "not installed") for f in features if states.get(f) != "Started"}
            return (not waiting and health()) or f"health ready but features {waiting}"
        self.wait(f"app {name} ready", ready, timeout)

    def feature_states(self):
        """Karaf's installed features and their states (Installed, Resolved, Started), from its
        shell: feature:list prints name, version, required, state, repository, description."""
        out = self.cli("feature:list -i --no-format")
        states = {}
        for line in out.splitlines():
            cells = [cell.strip() for cell in line.split("\t")]
            if len(cells) >= 4 and cells[0]:
                states[cells[0]] = cells[3]
        return states

    def wait_sixflow_rest(self, timeout=120):
        """Waits until Sixflow's REST API answers: ONOS reports the app ready once its components
        are active, while pax-web registers the app's web context seconds later (a request in
        between gets Jetty's 404)."""
        def answering():
            status, body = self.rest("GET", "/sixflow/v1/health")
            return (status in (200, 503) and isinstance(body, dict) and "database" in body) or (status, body)
        self.wait("Sixflow's REST API", answering, timeout)

    def install_oar(self, path, name, timeout=180):
        """Installs and activates an .oar, replacing an installed one of the same name."""
        if self.app_state(name) is not None:
            status, body = self.rest("DELETE", f"/v1/applications/{name}")
            if status >= 300:
                raise OnosError(f"uninstalling {name}: HTTP {status}: {body}")
            # ONOS answers before its store has let the app go: a new install is 409 until then.
            self.wait(f"{name} uninstalled", lambda: self.app_state(name) is None or "still installed", timeout)
        with open(path, "rb") as f:
            status, body = self.rest("POST", "/v1/applications?activate=true", f.read(),
                                     content_type="application/octet-stream", timeout=timeout)
        if status != 200 or not isinstance(body, dict) or body.get("name") != name:
            raise OnosError(f"installing {path}: HTTP {status}: {body}")
        self.wait_app_ready(name, timeout)

    def cli(self, command, timeout=60):
        """Runs a command line in ONOS's shell through Karaf's own client; returns its output
        without terminal colours. The client ends its session when its standard input closes, so
        that stays open until it exits."""
        client = subprocess.Popen([os.path.join(self.karaf, "bin", "client"), "-h", self.ip, "-a", str(self.ssh_port),
                                   "-u", "onos", "-p", "rocks", "-r", "30", "-d", "2", command],
                                  cwd=self.karaf, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, env=dict(os.environ, KARAF_HOME=self.karaf))
        timer = threading.Timer(timeout, client.kill)
        timer.start()
        try:
            out = client.stdout.read()
            client.wait()
        finally:
            timer.cancel()
            client.stdin.close()
            client.stdout.close()
        if client.returncode == -signal.SIGKILL:
            raise OnosError(f"ONOS's shell did not finish '{command}' within {timeout} s")
        text = diagnosis.without_colours(out.decode(errors="replace"))
        return "\n".join(line for line in text.splitlines() if not line.startswith("client: JAVA_HOME"))

    def push_netcfg(self, netcfg):
        status, body = self.rest("POST", "/v1/network/configuration", netcfg)
        if status != 200:
            raise OnosError(f"netcfg refused: HTTP {status}: {body}")


def single_node_cluster_json(ip, port=None):
    """A one-instance cluster file: ONOS's embedded Atomix on a port of its own. Without one, ONOS
    binds 9876 on every address, so a second ONOS on the machine (a test beside a running lab)
    could not start."""
    node = {"id": ip, "ip": ip, "port": port or free_port(ip)}
    return {"name": "sixflow-" + str(node["port"]), "node": node, "storage": []}


def _read_pid(path):
    try:
        with open(path) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


def _alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def stop_group(pgid, timeout, child=None):
    """SIGTERMs a process group and waits until none of it is left, SIGKILL after timeout: the
    group, not its leader, says when it is over. A child of ours is reaped so it does not linger."""
    if not pgid:
        return
    try:
        os.killpg(pgid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.time() + timeout
    while time.time() < deadline:
        if child is not None:
            child.poll()
        if not _group_alive(pgid):
            return
        time.sleep(0.2)
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
