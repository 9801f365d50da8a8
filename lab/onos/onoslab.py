# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Runs the lab's controller as an operator runs ONOS: a real ONOS 2.7.0 (from tools/onos), ONOS's own
apps activated, Sixflow's two .oar files installed through ONOS's REST API, the netcfg pushed, and
the switches connected by ONOS itself. It stays in the foreground until stopped (SIGTERM/SIGINT),
then stops ONOS and its PostgreSQL.

  python3 lab/onos/onoslab.py up --netcfg F [--state S] --oar PIPECONF.oar --oar APP.oar
      [--home ONOS_HOME] [--run-dir D] [--http-port 8181] [--db-url URL --db-user U --db-password P]
"""
import argparse
import json
import os
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from instance import BOOT_ATTEMPTS, BOOT_STALL_SECONDS, OnosError, OnosInstance, boot  # noqa: E402
from ports import free_port  # noqa: E402
from postgres import Postgres  # noqa: E402
import roles  # noqa: E402

DEFAULT_HOME = os.environ.get("ONOS_HOME", "/opt/sixflow-onos/home")
# ONOS's own apps the lab needs: the general device provider connects the P4Runtime switches the
# netcfg names, the bmv2 drivers (with P4Runtime's) program them, the P4Runtime packet provider
# carries packet-ins and -outs, LLDP finds the links (through Sixflow's Pipeliner), the host
# providers learn hosts from NDP and from the netcfg.
ONOS_APPS = ["org.onosproject.drivers.bmv2", "org.onosproject.generaldeviceprovider", "org.onosproject.p4runtime",
             "org.onosproject.lldpprovider", "org.onosproject.hostprovider", "org.onosproject.netcfghostprovider"]
SIXFLOW_APPS = ["org.sixflow.pipeconf", "org.sixflow.app"]
LLDP_COMPONENT = "org.onosproject.provider.lldp.impl.LldpLinkProvider"
METER_MANAGER = "org.onosproject.net.meter.impl.MeterManager"
HOSTS_COMPONENT = "org.sixflow.app.experiments.hosts.CommandHostTrafficGenerator"
HOSTTOOLS = os.path.join(os.path.dirname(HERE), "net", "hosttools.py")
STUDY_COMPONENT = "org.sixflow.app.features.multihoming.impl.MultihomingStudyManager"
LABNET = os.path.join(os.path.dirname(HERE), "net", "labnet.py")
LAB_ENDPOINT = os.path.join(os.path.dirname(HERE), "ilnp", "lab_endpoint.py")


def host_commands(state):
    """Sixflow's hostCommands for the lab's hosts: hosttools.py burst in each host's namespace
    (ONOS runs as root here), keyed by the switch port the host is on."""
    return ";".join("device:%s/%d=ip netns exec %s python3 %s burst" % (h["switch"], h["port"], h["netns"], HOSTTOOLS)
                    for h in state["hosts"])


def study_commands(state, state_path, run_dir):
    """The multihoming study's commands for the lab (component properties of STUDY_COMPONENT):
    hostCommands runs a command in each host's namespace; linkCommands takes each switch-to-switch
    link down or up through labnet.py (as the lab tests do); ilnpEndpoints runs the lab's ILNP
    endpoint in each host the topology gives an "ilnp" (lab/ilnp/lab_endpoint.py)."""
    hosts = ";".join("%s=ip netns exec %s" % (h["name"], h["netns"]) for h in state["hosts"])
    links = ";".join("device:%s/%s=python3 %s link %s %s %s" % (sw["name"], port, LABNET, state_path, sw["name"], port)
                     for sw in state["switches"] for port in sorted(sw["ports"], key=int)
                     if port not in {str(h["port"]) for h in state["hosts"] if h["switch"] == sw["name"]})
    endpoints = ";".join(
        "%s=ip netns exec %s python3 %s --iface %s --address %s --nid %s --status %s%s" % (
            h["name"], h["netns"], LAB_ENDPOINT, h["ifname"], h["ilnp"]["address"], h["ilnp"]["nid"],
            os.path.join(run_dir, "ilnp-study-%s.json" % h["name"]),
            "".join(" --peer %s=%s" % peer for peer in sorted(h["ilnp"]["peers"].items())))
        for h in state["hosts"] if "ilnp" in h)
    return {"hostCommands": hosts, "linkCommands": links, "ilnpEndpoints": endpoints}


def say(fmt, *args):
    print("onoslab: " + (fmt % args if args else fmt), flush=True)


def with_database(netcfg, url, user, password):
    netcfg = json.loads(json.dumps(netcfg))
    netcfg.setdefault("apps", {}).setdefault("org.sixflow.app", {})["sixflow"] = {
        "database": {"url": url, "user": user, "password": password, "retentionDays": 30}}
    return netcfg


def configure(onos, component, properties, timeout=120):
    """Sets a component's properties as an operator does (POST /v1/configuration/<component>).
    ONOS answers 207 with the reason, not an error, while the component has not registered its
    properties yet (an app's components activate after its install answers): such a set is lost,
    so it is tried again until ONOS takes it."""
    deadline = time.time() + timeout
    while True:
        status, body = onos.rest("POST", "/v1/configuration/" + component,
                                 {k: str(v) for k, v in properties.items()})
        if status == 200:
            return
        if status != 207 or time.time() >= deadline:
            raise OnosError(f"setting {component} {sorted(properties)}: HTTP {status}: {body}")
        time.sleep(1)


def set_link_discovery(onos, probe_ms, stale_ms):
    """ONOS's LLDP provider timing, as an operator sets it (ONOS's defaults: 3 s probes, 10 s age).
    simple_switch_grpc reports no port status, so a failed link is learned only when its probes
    stop arriving: the age bounds the repair time."""
    configure(onos, LLDP_COMPONENT, {"probeRate": probe_ms, "staleLinkAge": stale_ms})


def wait_devices(onos, netcfg, timeout):
    wanted = set(netcfg.get("devices", {}))

    def available():
        status, body = onos.rest("GET", "/v1/devices")
        if status != 200:
            return status, body
        up = {d["id"] for d in body.get("devices", []) if d.get("available")}
        return wanted <= up or f"waiting for {sorted(wanted - up)}"
    onos.wait(f"{len(wanted)} devices available", available, timeout)


def up(args):
    started = time.time()
    netcfg = json.load(open(args.netcfg))
    run_dir = os.path.abspath(args.run_dir)
    os.makedirs(run_dir, exist_ok=True)
    postgres = None
    onos = OnosInstance(args.home, os.path.join(run_dir, "onos"), args.http_port, args.ssh_port or free_port(span=3))
    stopping = []

    def stop(*_):
        stopping.append(True)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        db_url, db_user, db_password = args.db_url, args.db_user, args.db_password
        if not db_url:
            postgres = Postgres().start()
            db_url, db_user, db_password = postgres.jdbc_url, "postgres", ""
            say("PostgreSQL started: %s (throwaway)", db_url)
        def start_fresh(_attempt):
            onos.prepare().start()
            say("ONOS 2.7.0 starting from %s (instance %s, log %s)", args.home, onos.root,
                onos.karaf + "/data/log/karaf.log")

        def wait_up():
            onos.wait_rest(args.timeout, stall=BOOT_STALL_SECONDS)
            say("ONOS REST up after %.1f s", time.time() - started)
            for app in ONOS_APPS:
                onos.activate(app, args.timeout)

        boot(onos, start_fresh, wait_up, lambda e, attempt: say(
            "%s; stopping it and starting a fresh instance (attempt %d of %d)", e, attempt, BOOT_ATTEMPTS))
        say("ONOS apps active: %s", ", ".join(ONOS_APPS))
        # As an operator of a BNG sets it before any meter exists: Sixflow's per-line meters take
        # the line's id as the meter cell (docs/features/bng.md#per-line-meters).
        configure(onos, METER_MANAGER, {"userDefinedIndex": "true"})
        say("ONOS's meters take user-defined indexes (the BNG's per-line meters)")
        set_link_discovery(onos, args.lldp_probe_ms, args.lldp_stale_ms)
        say("LLDP probes every %d ms, a link unheard for %d ms is gone", args.lldp_probe_ms, args.lldp_stale_ms)
        for oar, name in zip(args.oar, SIXFLOW_APPS):
            onos.install_oar(oar, name, args.timeout)
            say("installed and activated %s from %s", name, oar)
        if args.pacer_realtime:
            # Measurement mode's sender priority, as an operator sets a component property.
            configure(onos, "org.sixflow.app.experiments.impl.ExperimentManager",
                      {"pacerRealtimePriority": args.pacer_realtime})
            say("experiments pace their probes at SCHED_FIFO %d", args.pacer_realtime)
        if args.state:
            # HOSTS traffic: Sixflow's command generator runs the lab's sender in each host's namespace.
            hosts = json.load(open(args.state))["hosts"]
            configure(onos, HOSTS_COMPONENT, {"hostCommands": host_commands({"hosts": hosts})})
            say("HOSTS traffic: %d hosts send through lab/net/hosttools.py", len(hosts))
            # Multihoming studies: iperf3 and ping in the hosts, links through labnet, ILNP endpoints.
            configure(onos, STUDY_COMPONENT, study_commands(json.load(open(args.state)), args.state, run_dir))
            say("multihoming studies run their traffic in the lab's hosts")
        onos.push_netcfg(with_database(netcfg, db_url, db_user, db_password))
        say("netcfg pushed (%d devices)", len(netcfg.get("devices", {})))
        wait_devices(onos, netcfg, args.timeout)
        say("all devices available after %.1f s", time.time() - started)
        waited = roles.wait_settled(onos.karaf + "/data/log/karaf.log", timeout=60)
        say("mastership settled after %.1f s more (ONOS 2.7 re-asserts each new device's role once: lab/onos/roles.py)",
            waited)
        onos.wait_sixflow_rest(args.timeout)
        say("Sixflow's REST API answers after %.1f s", time.time() - started)
        with open(os.path.join(run_dir, "controller.json"), "w") as f:
            json.dump({"kind": "onos", "rest": onos.url, "log": onos.karaf + "/data/log/karaf.log",
                       "ssh": f"{onos.ip}:{onos.ssh_port}", "db": db_url,
                       # The longest ONOS takes to notice a failed link: bmv2 has no gNMI, so no
                       # port-status event; only LLDP silence tells (one probe period, then the age).
                       "linkLossDetectionMs": args.lldp_probe_ms + args.lldp_stale_ms}, f)
        say("LAB READY")
        while not stopping:
            if onos.process.poll() is not None:
                say("ONOS exited (code %s)", onos.process.returncode)
                return 1
            time.sleep(0.5)
        return 0
    except OnosError as e:
        say("%s", e)
        return 1
    finally:
        onos.stop()
        if postgres:
            postgres.stop()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("up", help="start ONOS, install Sixflow, connect the switches; stop on SIGTERM")
    p.add_argument("--netcfg", required=True)
    p.add_argument("--oar", action="append", required=True, help="the pipeconf .oar, then the app .oar")
    p.add_argument("--state", help="the lab's state file (labnet.py up): its hosts send experiments' HOSTS traffic")
    p.add_argument("--home", default=DEFAULT_HOME)
    p.add_argument("--run-dir", default="lab/target/run")
    p.add_argument("--http-port", type=int, default=8181)
    p.add_argument("--ssh-port", type=int, default=0)
    p.add_argument("--db-url")
    p.add_argument("--db-user", default="postgres")
    p.add_argument("--db-password", default="")
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--lldp-probe-ms", type=int, default=1000, help="LLDP probe period (ONOS default 3000)")
    p.add_argument("--lldp-stale-ms", type=int, default=3000,
                   help="age after which an unheard link is removed (ONOS default 10000)")
    p.add_argument("--pacer-realtime", type=int, default=0,
                   help="the experiments' sender priority under SCHED_FIFO (0: the normal scheduler)")
    args = parser.parse_args(argv)
    if len(args.oar) != 2:
        parser.error("give --oar twice: the pipeconf's, then the app's")
    return up(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
