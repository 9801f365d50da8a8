# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A real ONOS 2.7 cluster on one machine: N Atomix 3.1 storage nodes (lab/onos/cluster/AtomixNode.java,
compiled at run time against the atomix 3.1.9 jars) and N ONOS instances, every process on a loopback
address of its own, Sixflow installed once (ONOS distributes it) and one throwaway PostgreSQL.

  python3 lab/onos/cluster.py up --nodes 3 --run-dir D [--oar PIPECONF.oar --oar APP.oar] [--netcfg F]
  python3 lab/onos/cluster.py status --run-dir D
  python3 lab/onos/cluster.py down --run-dir D

up stays in the foreground until SIGTERM/SIGINT, then stops ONOS, then Atomix, then PostgreSQL.
down stops what an up left behind (its state.json names the process groups).

ONOS 2.7 with a cluster.json that names "storage" nodes joins them as a client (AtomixManager): the
Raft partitions live on the Atomix nodes, whose configuration is what ONOS's
tools/test/bin/atomix-gen-config writes (bootstrap discovery of the Atomix nodes, a Raft management
group and a Raft partition group "raft" over all of them)."""
import argparse
import glob
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from instance import (BOOT_ATTEMPTS, BOOT_STALL_SECONDS, JAVA_OPENS, OnosError, OnosInstance, _alive,  # noqa: E402
                      boot, stop_group)
from onoslab import DEFAULT_HOME, ONOS_APPS, SIXFLOW_APPS, with_database  # noqa: E402
from postgres import Postgres  # noqa: E402

DEFAULT_DEPS = os.environ.get("ONOS_DEPS", "/opt/sixflow-onos/deps")
LAUNCHER = os.path.join(HERE, "cluster", "AtomixNode.java")
ATOMIX_PORT = 5679     # ONOS's default for storage nodes (onos-gen-config)
# An ONOS instance's own Atomix/cluster messaging port. ONOS's AtomixManager names no interface, so
# Atomix binds it on every address: each instance needs a port of its own, and not ONOS's default
# 9876, which a single-node ONOS on this machine holds.
ONOS_PORT_BASE = 9880
CLUSTER_NAME = "onos"
# The jars Atomix 3.1.9 runs on, as Maven-layout folders under the deps folder.
ATOMIX_JARS = ["io/atomix/atomix/3.1.9", "io/atomix/atomix-cluster/3.1.9", "io/atomix/atomix-primitive/3.1.9",
               "io/atomix/atomix-raft/3.1.9", "io/atomix/atomix-primary-backup/3.1.9",
               "io/atomix/atomix-storage/3.1.9", "io/atomix/atomix-utils/3.1.9",
               "io/netty/netty-buffer", "io/netty/netty-codec", "io/netty/netty-common", "io/netty/netty-handler",
               "io/netty/netty-resolver", "io/netty/netty-transport",
               "io/netty/netty-transport-native-epoll", "io/netty/netty-transport-native-unix-common",
               "com/google/guava/guava", "com/esotericsoftware/kryo", "com/esotericsoftware/minlog",
               "com/esotericsoftware/reflectasm", "org/objenesis/objenesis", "org/ow2/asm/asm",
               "com/typesafe/config", "io/github/classgraph/classgraph", "org/apache/commons/commons-lang3",
               "org/apache/commons/commons-math3", "commons-lang/commons-lang", "org/slf4j/slf4j-api"]
# A logger for the Atomix nodes' own output, if one is on this machine (else slf4j says nothing).
SLF4J_SIMPLE = ["/usr/share/java/slf4j-simple.jar", "/usr/share/maven-repo/org/slf4j/slf4j-simple/1.7.32/slf4j-simple-1.7.32.jar",
                os.path.expanduser("~/.m2/repository/org/slf4j/slf4j-simple/1.7.25/slf4j-simple-1.7.25.jar")]


def say(fmt, *args):
    print("cluster: " + (fmt % args if args else fmt), flush=True)


# ---- the cluster's layout and configuration (pure: unit-tested without ONOS) ------------------------
def layout(n, atomix_net="127.0.0.1", onos_net="127.0.0.2", http_base=18180, ssh_base=18100):
    """The nodes of an n-node cluster: Atomix node i on <atomix_net>i (127.0.0.11..), ONOS instance i
    on <onos_net>i (127.0.0.21..) with cluster port ONOS_PORT_BASE+i, HTTP port http_base+i and SSH port ssh_base+10*i (RMI takes the
    next two)."""
    if not 1 <= n <= 9:
        raise ValueError("1 to 9 nodes")
    atomix = [{"id": f"atomix-{i}", "ip": f"{atomix_net}{i}", "port": ATOMIX_PORT} for i in range(1, n + 1)]
    onos = [{"id": f"onos-{i}", "ip": f"{onos_net}{i}", "port": ONOS_PORT_BASE + i, "http": http_base + i,
             "ssh": ssh_base + 10 * i} for i in range(1, n + 1)]
    return atomix, onos


def atomix_config(local, atomix_nodes, data_dir, partitions=None, partition_size=3):
    """One Atomix node's configuration, as ONOS's tools/test/bin/atomix-gen-config writes it, with the
    Raft logs in data_dir."""
    members = [n["id"] for n in atomix_nodes]
    storage = lambda group: {"level": "mapped", "directory": os.path.join(data_dir, group)}  # noqa: E731
    return {
        "cluster": {
            "clusterId": CLUSTER_NAME,
            "node": {"id": local["id"], "address": f"{local['ip']}:{local['port']}"},
            # Only the node's own loopback address (Atomix binds every address unless told).
            "messaging": {"interfaces": [local["ip"]], "port": local["port"]},
            "discovery": {"type": "bootstrap",
                          "nodes": [{"id": n["id"], "host": n["ip"], "port": n["port"]} for n in atomix_nodes]},
        },
        "managementGroup": {"type": "raft", "partitions": 1, "partitionSize": len(members), "members": members,
                            "storage": storage("system")},
        "partitionGroups": {"raft": {"type": "raft", "partitions": partitions or len(members),
                                     "partitionSize": min(partition_size, len(members)), "members": members,
                                     "storage": storage("raft")}},
    }


def onos_cluster_json(local, atomix_nodes):
    """An ONOS instance's config/cluster.json, as ONOS's tools/test/bin/onos-gen-config writes it:
    the instance itself and the storage (Atomix) nodes; ONOS's instances find each other through them."""
    return {"name": CLUSTER_NAME,
            "node": {"id": local["id"], "ip": local["ip"], "port": local["port"]},
            "storage": [{"id": n["id"], "ip": n["ip"], "port": n["port"]} for n in atomix_nodes]}


def cluster_view(body):
    """{node id: status} from GET /onos/v1/cluster."""
    return {n["id"]: n.get("status") for n in (body or {}).get("nodes", [])}


UP = ("READY", "ACTIVE")


def formed(view, members, up=UP):
    """Whether the members named are all in one of the up states. ACTIVE: the instance is in the
    cluster; READY: besides, every component of ONOS's own features is active (ComponentsMonitor),
    which ONOS 2.7 reaches only once the drivers are loaded, i.e. after the lab activated its apps."""
    return all(view.get(m) in up for m in members)


# ---- Atomix nodes -------------------------------------------------------------------------------
def atomix_classpath(deps):
    jars = []
    for folder in ATOMIX_JARS:
        found = sorted(glob.glob(os.path.join(deps, folder, "**", "*.jar"), recursive=True))
        found = [j for j in found if not j.endswith(("-sources.jar", "-javadoc.jar"))]
        if not found:
            raise OnosError(f"no jar under {os.path.join(deps, folder)}: is {deps} ONOS's dependency folder?")
        jars.append(found[-1])
    jars += [j for j in SLF4J_SIMPLE if os.path.isfile(j)][:1]
    return jars


def compile_launcher(deps, cache_root):
    """Compiles AtomixNode.java once per source version into cache_root/atomix-node-<hash>/."""
    with open(LAUNCHER, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:12]
    out = os.path.join(cache_root, f"atomix-node-{digest}")
    if not os.path.isfile(os.path.join(out, "AtomixNode.class")):
        tmp = out + f".tmp{os.getpid()}"
        os.makedirs(tmp, exist_ok=True)
        subprocess.run(["javac", "-d", tmp, "-cp", ":".join(atomix_classpath(deps)), LAUNCHER], check=True)
        os.replace(tmp, out) if not os.path.exists(out) else shutil.rmtree(tmp)
    return out


class AtomixNode:
    def __init__(self, node, atomix_nodes, root, classes, deps, heap="384m"):
        self.node, self.root, self.heap = node, os.path.abspath(root), heap
        self.config = os.path.join(self.root, "atomix.json")
        self.log = os.path.join(self.root, "atomix.out")
        self.classpath = [classes] + atomix_classpath(deps)
        self.atomix_nodes = atomix_nodes
        self.process = None

    def start(self):
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(self.root)
        with open(self.config, "w") as f:
            json.dump(atomix_config(self.node, self.atomix_nodes, os.path.join(self.root, "data")), f, indent=1)
        cmd = (["java", f"-Xms64m", f"-Xmx{self.heap}", "-XX:+UseSerialGC", "-Dio.netty.tryReflectionSetAccessible=true",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-Dorg.slf4j.simpleLogger.showDateTime=true"]
               + [f"--add-opens={m}=ALL-UNNAMED" for m in JAVA_OPENS]
               + ["-cp", ":".join(self.classpath), "AtomixNode", self.config])
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(cmd, cwd=self.root, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        return self

    def ready(self):
        if self.process.poll() is not None:
            raise OnosError(f"Atomix node {self.node['id']} exited (code {self.process.returncode}); see {self.log}")
        with open(self.log, errors="replace") as f:
            return "ATOMIX READY" in f.read()

    def stop(self, timeout=40):
        stop_group(self.process.pid if self.process else None, timeout, self.process)


# ---- the cluster ----------------------------------------------------------------------------------
class Cluster:
    def __init__(self, run_dir, nodes=3, home=DEFAULT_HOME, deps=DEFAULT_DEPS, onos_heap="1g", atomix_heap="384m",
                 cache=None):
        self.run_dir, self.home, self.deps = os.path.abspath(run_dir), home, deps
        self.atomix_layout, self.onos_layout = layout(nodes)
        self.onos_heap, self.atomix_heap = onos_heap, atomix_heap
        self.cache = cache or (("/opt/sixflow-onos/work" if os.access("/opt/sixflow-onos/work", os.W_OK)
                                else os.path.join(self.run_dir, "classes")))
        self.atomix, self.onos, self.postgres = [], [], None
        self.db = None
        self.timings = {}

    @property
    def members(self):
        return [n["id"] for n in self.onos_layout]

    def state(self):
        return {"onos": [{"id": n["id"], "ip": o.ip, "http": o.http_port, "root": o.root, "rest": o.url, "ssh": f"{o.ip}:{o.ssh_port}", "pid": o.process.pid,
                          "log": o.karaf + "/data/log/karaf.log"} for n, o in zip(self.onos_layout, self.onos)],
                "atomix": [{"id": a.node["id"], "address": f"{a.node['ip']}:{a.node['port']}", "pid": a.process.pid,
                            "log": a.log} for a in self.atomix],
                "postgres": self.postgres and {"url": self.postgres.jdbc_url, "data": self.postgres.data},
                "db": self.db, "timings": self.timings}

    def write_state(self):
        with open(os.path.join(self.run_dir, "state.json"), "w") as f:
            json.dump(self.state(), f, indent=1)

    def start_storage(self, timeout=240):
        started = time.time()
        classes = compile_launcher(self.deps, self.cache)
        for node in self.atomix_layout:
            self.atomix.append(AtomixNode(node, self.atomix_layout, os.path.join(self.run_dir, node["id"]), classes,
                                          self.deps, self.atomix_heap).start())
        say("Atomix nodes starting: %s", ", ".join(f"{n['id']}@{n['ip']}:{n['port']}" for n in self.atomix_layout))
        deadline = time.time() + timeout
        while not all(a.ready() for a in self.atomix):
            if time.time() > deadline:
                raise OnosError(f"Atomix nodes not ready within {timeout} s; see {self.run_dir}/atomix-*/atomix.out")
            time.sleep(0.5)
        self.timings["atomix_ready_s"] = round(time.time() - started, 1)
        say("Atomix nodes ready after %.1f s", self.timings["atomix_ready_s"])

    def start_onos(self, timeout=600):
        started = time.time()
        for node in self.onos_layout:
            onos = OnosInstance(self.home, os.path.join(self.run_dir, node["id"]), node["http"], node["ssh"],
                                ip=node["ip"], heap=self.onos_heap)
            onos.prepare(cluster_json=onos_cluster_json(node, self.atomix_layout)).start()
            self.onos.append(onos)
        self.write_state()
        say("ONOS instances starting: %s", ", ".join(o.url for o in self.onos))
        # All start at once; each is then waited for, and one whose boot failed or stalled is
        # started afresh on its own (the others wait for it to join: Atomix holds the cluster).
        for onos, node in zip(self.onos, self.onos_layout):
            def start_fresh(attempt, onos=onos, node=node):
                if attempt > 1:
                    onos.prepare(cluster_json=onos_cluster_json(node, self.atomix_layout)).start()
                    self.write_state()   # its new process, for `down` after a crash of ours

            def told(e, attempt, node=node):
                say("%s: %s; stopping it and starting it afresh (attempt %d of %d)", node["id"], e, attempt,
                    BOOT_ATTEMPTS)
            boot(onos, start_fresh, lambda onos=onos: onos.wait_rest(timeout, stall=BOOT_STALL_SECONDS), told)
        self.wait_formed(self.onos, self.members, timeout)
        self.timings["onos_cluster_ready_s"] = round(time.time() - started, 1)
        say("ONOS cluster of %d formed after %.1f s", len(self.onos), self.timings["onos_cluster_ready_s"])

    def wait_formed(self, instances, members, timeout, up=UP):
        """Waits until every instance given sees every member in one of the states up."""
        for onos in instances:
            def seen(onos=onos):
                status, body = onos.rest("GET", "/v1/cluster")
                view = cluster_view(body) if status == 200 else {}
                return formed(view, members, up) or (status, view)
            onos.wait(f"{onos.ip} sees {members} {'/'.join(up)}", seen, timeout)

    def install(self, oars, netcfg, timeout=300):
        """ONOS's apps and Sixflow's .oar files through one instance; ONOS distributes them. Then
        waits until every instance reports each ACTIVE and its components ready."""
        first = self.onos[0]
        started = time.time()
        for app in ONOS_APPS:
            first.activate(app, timeout)
        apps = list(ONOS_APPS)
        for oar, name in zip(oars, SIXFLOW_APPS):
            first.install_oar(oar, name, timeout)
            apps.append(name)
            say("installed and activated %s from %s through %s", name, oar, first.url)
        self.wait_apps(self.onos, apps, timeout)
        self.timings["apps_ready_s"] = round(time.time() - started, 1)
        say("apps ACTIVE and ready on every instance after %.1f s: %s", self.timings["apps_ready_s"], ", ".join(apps))
        self.wait_formed(self.onos, self.members, timeout, up=("READY",))
        self.timings["all_ready_s"] = round(time.time() - started, 1)
        say("every instance sees every instance READY after %.1f s", self.timings["all_ready_s"])
        if self.db:
            first.push_netcfg(with_database(netcfg, self.db["url"], self.db["user"], self.db["password"]))
            say("netcfg pushed through %s (database %s)", first.url, self.db["url"])

    def wait_apps(self, instances, apps, timeout):
        for onos in instances:
            for app in apps:
                onos.wait(f"{app} ACTIVE on {onos.ip}", lambda o=onos, a=app: o.app_state(a) == "ACTIVE" or o.app_state(a),
                          timeout)
                onos.wait_app_ready(app, timeout)

    def up(self, oars=(), netcfg=None, db=None, timeout=600):
        os.makedirs(self.run_dir, exist_ok=True)
        started = time.time()
        if db:
            self.db = db
        elif oars:
            shutil.rmtree(os.path.join(self.run_dir, "postgres"), ignore_errors=True)   # a former run's
            self.postgres = Postgres(os.path.join(self.run_dir, "postgres")).start()
            self.db = {"url": self.postgres.jdbc_url, "user": "postgres", "password": ""}
            say("PostgreSQL started: %s (throwaway)", self.db["url"])
        self.start_storage()
        self.write_state()
        self.start_onos(timeout)
        self.write_state()
        if oars:
            self.install(oars, netcfg or {}, timeout)
        self.timings["ready_s"] = round(time.time() - started, 1)
        self.write_state()
        return self

    def down(self):
        """ONOS first (its Atomix client leaves), then the Atomix nodes, then PostgreSQL."""
        for onos in self.onos:   # each until its whole process group is gone (instance.stop_group)
            onos.stop(timeout=90)
        for atomix in self.atomix:
            atomix.stop()
        if self.postgres:
            self.postgres.stop()


# ---- command line ---------------------------------------------------------------------------------
class Interrupted(Exception):
    pass


def cmd_up(args):
    if args.oar and len(args.oar) != 2:
        say("give --oar twice: the pipeconf's, then the app's")
        return 2
    netcfg = json.load(open(args.netcfg)) if args.netcfg else {}
    cluster = Cluster(args.run_dir, args.nodes, args.home, args.deps, args.onos_heap, args.atomix_heap)
    stopping = []

    def stop(*_):
        if not stopping:
            stopping.append(True)
            if not running:   # still starting: stop waiting
                raise Interrupted()
    running = []
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        db = {"url": args.db_url, "user": args.db_user, "password": args.db_password} if args.db_url else None
        cluster.up(args.oar or (), netcfg, db, args.timeout)
        say("CLUSTER READY after %.1f s: %s", cluster.timings["ready_s"], " ".join(o.url for o in cluster.onos))
        reported = set()
        running.append(True)
        while not stopping:
            for onos in cluster.onos:
                if onos.process.poll() is not None and onos.ip not in reported:
                    reported.add(onos.ip)
                    say("ONOS %s exited (code %s); the others go on", onos.ip, onos.process.returncode)
            time.sleep(0.5)
        return 0
    except (OnosError, subprocess.CalledProcessError) as e:
        say("%s", e)
        return 1
    except Interrupted:
        say("interrupted while starting")
        return 1
    finally:
        running.append(True)   # a second signal no longer interrupts the stopping
        say("stopping: ONOS, then Atomix, then PostgreSQL")
        cluster.down()
        say("stopped")


def cmd_status(args):
    with open(os.path.join(args.run_dir, "state.json")) as f:
        state = json.load(f)
    for o in state["onos"]:
        onos = OnosInstance(args.home, o["root"], o["http"], 0, ip=o["ip"])
        try:
            status, body = onos.rest("GET", "/v1/cluster", timeout=10)
            view = cluster_view(body) if status == 200 else f"HTTP {status}"
        except OSError as e:
            view = str(e)
        print(f"{o['id']} {o['rest']} pid {o['pid']} {'up' if _alive(o['pid']) else 'gone'}: {view}")
    for a in state["atomix"]:
        print(f"{a['id']} {a['address']} pid {a['pid']} {'up' if _alive(a['pid']) else 'gone'}")
    return 0


def cmd_down(args):
    with open(os.path.join(args.run_dir, "state.json")) as f:
        state = json.load(f)
    for entry in state["onos"] + state["atomix"]:
        stop_group(entry["pid"], 90)
    if state.get("postgres"):
        Postgres(os.path.join(args.run_dir, "postgres")).stop()
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("up", help="start Atomix, ONOS and Sixflow; stop on SIGTERM/SIGINT")
    p.add_argument("--nodes", type=int, default=3)
    p.add_argument("--oar", action="append", help="the pipeconf .oar, then the app .oar")
    p.add_argument("--netcfg")
    p.add_argument("--home", default=DEFAULT_HOME)
    p.add_argument("--deps", default=DEFAULT_DEPS)
    p.add_argument("--onos-heap", default="1g")
    p.add_argument("--atomix-heap", default="384m")
    p.add_argument("--db-url")
    p.add_argument("--db-user", default="postgres")
    p.add_argument("--db-password", default="")
    p.add_argument("--timeout", type=int, default=600)
    for name in ("status", "down"):
        s = sub.add_parser(name)
        s.add_argument("--home", default=DEFAULT_HOME)
    for s in (p, sub.choices["status"], sub.choices["down"]):
        s.add_argument("--run-dir", default="lab/target/cluster")
    args = parser.parse_args(argv)
    return {"up": cmd_up, "status": cmd_status, "down": cmd_down}[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
