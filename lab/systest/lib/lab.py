# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The running lab as the system tests see it: its topology and state files, Sixflow's REST API,
and the host namespaces. Paths come from the environment run.sh sets (LAB_STATE, LAB_REST)."""

import base64
import collections
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request


class RestError(Exception):
    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class Rest:
    """Sixflow's REST API (JSON in, JSON out), as a client that names what failed."""

    def __init__(self, base, user="onos", password="rocks"):
        self.base = base.rstrip("/")
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": "Basic " + token, "Accept": "application/json"}

    def call(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        headers = dict(self.headers)
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + "/" + path.lstrip("/"), data=data, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                text = response.read().decode()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            raise RestError(e.code, e.read().decode(errors="replace")) from None

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body):
        return self.call("POST", path, body)

    def put(self, path, body):
        return self.call("PUT", path, body)

    def delete(self, path):
        return self.call("DELETE", path)


Host = collections.namedtuple("Host", "name netns ifname mac ipv6 prefix gateway switch port")
Switch = collections.namedtuple("Switch", "name device_id router_mac locator ports")


def pi_match(flow, field):
    """A flow entry's PI match on one field as ONOS's REST shows it (a dict of hex strings), or
    None where the entry does not match on that field."""
    return next((m for c in flow.get("selector", {}).get("criteria", []) for m in c.get("matches", [])
                 if m.get("field") == field), None)


class Lab:
    """Topology + state of the lab run.sh started."""

    def __init__(self, state_path=None, rest_base=None):
        state_path = state_path or os.environ["LAB_STATE"]
        with open(state_path) as f:
            self.state = json.load(f)
        with open(self.state["topology"]) as f:
            self.topology = json.load(f)
        self.rest = Rest(rest_base or os.environ.get("LAB_REST", "http://127.0.0.1:8181/onos/sixflow/v1"))
        # ONOS's own REST API beside Sixflow's (netcfg, flows, component configuration).
        self.onos = Rest(self.rest.base.replace("/onos/sixflow/v1", "/onos/v1"))
        self.root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
        self.hosts = {}
        for h in self.state["hosts"]:
            address, _, length = h["ipv6"].partition("/")
            self.hosts[h["name"]] = Host(h["name"], h["netns"], h["ifname"], h["mac"], address, int(length or 64),
                                         h["gateway"], h["switch"], h["port"])
        ports = {s["name"]: s["ports"] for s in self.state["switches"]}
        self.switches = {s["name"]: Switch(s["name"], "device:" + s["name"], s["routerMac"], s["locator"],
                                           ports.get(s["name"], {}))
                         for s in self.topology["switches"]}
        self.links = [((l["a"]["switch"], l["a"]["port"]), (l["b"]["switch"], l["b"]["port"]))
                      for l in self.topology["links"]]
        # The ONOS that runs the lab (lab/onos/onoslab.py writes controller.json beside the state).
        controller_file = os.path.join(os.path.dirname(os.path.abspath(state_path)), "controller.json")
        with open(controller_file) as f:
            self.controller = json.load(f)

    @property
    def link_loss_detection_s(self):
        """The longest ONOS takes to notice a failed switch link: by LLDP silence (controller.json;
        simple_switch_grpc has no gNMI to report the port down)."""
        return self.controller["linkLossDetectionMs"] / 1000.0

    def flows(self, device_id, table):
        """The flow entries ONOS holds for a device in one P4 table (ONOS's REST, by the end of
        the table's name), with their state and, for a table with a direct counter, packets."""
        return [f for f in self.onos.get("flows/" + device_id)["flows"]
                if str(f.get("tableName", f.get("tableId", ""))).endswith(table)]

    def flows_matching(self, device_id, table, field, **values):
        """The entries of flows(device_id, table) whose PI match on `field` has these values, as
        integers: value= for an exact or LPM match, lowValue= and highValue= for a range (ONOS's
        REST shows each in hex, as wide as the field)."""
        def matches(flow):
            match = pi_match(flow, field)
            return match is not None and all(int(match.get(k, "-1"), 16) == v for k, v in values.items())
        return [f for f in self.flows(device_id, table) if matches(f)]

    def host_on(self, switch):
        return next(h for h in self.hosts.values() if h.switch == switch)

    def connect_point(self, host):
        return f"device:{host.switch}/{host.port}"

    def hops(self, a, b):
        """Switches on a shortest path between two switches, both ends included."""
        return len(self.path(a, b))

    def path(self, a, b):
        """The switches of one shortest path from a to b, both ends included (ties: by name)."""
        neighbours = collections.defaultdict(set)
        for (x, _), (y, _) in self.links:
            neighbours[x].add(y)
            neighbours[y].add(x)
        parent, frontier = {a: None}, [a]
        while frontier and b not in parent:
            nxt = []
            for v in frontier:
                for w in sorted(neighbours[v]):
                    if w not in parent:
                        parent[w] = v
                        nxt.append(w)
            frontier = nxt
        if b not in parent:
            raise ValueError(f"no path from {a} to {b}")
        path = [b]
        while path[-1] != a:
            path.append(parent[path[-1]])
        return path[::-1]

    def switch_cli(self, switch, *commands):
        """Runs bmv2 runtime CLI commands (simple_switch_CLI over the switch's thrift port)."""
        port = next(s["thriftPort"] for s in self.state["switches"] if s["name"] == switch)
        cli = shutil.which("simple_switch_CLI")
        if not cli:
            raise RuntimeError("simple_switch_CLI is not on PATH")
        # Run by this Python (its venv has thrift), not by the script's #! interpreter.
        done = subprocess.run([sys.executable, cli, "--thrift-port", str(port)], input="\n".join(commands) + "\n",
                              capture_output=True, text=True, timeout=30)
        if done.returncode != 0 or "Error" in done.stdout:
            raise RuntimeError("simple_switch_CLI on %s: %s %s" % (switch, done.stdout, done.stderr))
        return done.stdout

    def in_host(self, host, *command, timeout=60, check=True):
        """Runs a command in a host's namespace and returns its completed process."""
        return subprocess.run(["ip", "netns", "exec", host.netns, *command], capture_output=True, text=True,
                              timeout=timeout, check=check)

    def expected_links(self):
        """The lab's links as ONOS lists them: (src, dst) connect points, both directions."""
        links = set()
        for (a, pa), (b, pb) in self.links:
            links.add(("device:%s/%d" % (a, pa), "device:%s/%d" % (b, pb)))
            links.add(("device:%s/%d" % (b, pb), "device:%s/%d" % (a, pa)))
        return links

    def links_not_active(self):
        """The lab's links ONOS does not list ACTIVE (empty once it sees every one)."""
        active = {(l["src"], l["dst"]) for l in self.rest.get("topology")["links"] if l["state"] == "ACTIVE"}
        return self.expected_links() - active

    def await_links(self, timeout=30.0):
        """Waits until ONOS sees every link of the lab again (after set_link up: LLDP finds it within
        a few seconds, and ONOS then routes over it), so that what runs next starts from a network
        that holds still; AssertionError naming the links it still misses after `timeout`."""
        deadline = time.monotonic() + timeout
        missing = self.links_not_active()
        while missing:
            if time.monotonic() > deadline:
                raise AssertionError("ONOS did not see these links of the lab within %.0f s: %s"
                                     % (timeout, sorted(missing)))
            time.sleep(0.5)
            missing = self.links_not_active()

    def set_link(self, switch, port, up):
        """Takes a switch-to-switch link down or up at both ends (labnet does the veths)."""
        subprocess.run([os.environ.get("PYTHON", "python3"), os.path.join(self.root, "lab", "net", "labnet.py"),
                        "link", os.environ["LAB_STATE"], switch, str(port), "up" if up else "down"],
                       check=True, capture_output=True, text=True)
