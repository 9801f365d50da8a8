# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The Identifier-Locator Communication Cache (I-LCC, RFC 6740 and RFC 6741): what a node knows per peer.

One entry per correspondent Node Identifier: its current locators (with RFC 6743 preference and
lifetime), the nonce this node puts in packets to it, the nonce it expects from it (learned from
the first packet that arrives: nonces are unidirectional, RFC 6744), and an outstanding Locator
Update of ours that the peer has not acknowledged yet.
"""

import os
import time

from wire import LocatorEntry


class Peer:

    def __init__(self, nid, locators, nonce_bytes, learned=False):
        self.nid = bytes(nid)
        self.locators = list(locators)          # [LocatorEntry], the peer's, in the order received
        self.local_nonce = os.urandom(nonce_bytes)
        self.remote_nonce = None                # the peer's nonce, once a packet from it arrived
        self.learned = learned                  # created by an arriving packet, not configured
        self.tx = 0
        self.rx = 0
        self.lu_pending = None                  # (entries, tries sent, next send time) until acked
        self.updated_at = time.time()

    def preferred_locator(self):
        """The locator to send to: the lowest preference value (RFC 6743: lower is better), the
        first listed among equals; None when every locator expired or was withdrawn."""
        live = [e for e in self.locators if e.lifetime > 0]
        if not live:
            return None
        return min(live, key=lambda e: e.preference).locator

    def has_locator(self, locator):
        return any(e.locator == locator for e in self.locators)

    def replace_locators(self, entries):
        """The advertised set replaces the old one (RFC 6743); a lifetime of 0 is taken as a withdrawal."""
        self.locators = [LocatorEntry(e.locator, e.preference, e.lifetime) for e in entries if e.lifetime > 0]
        self.updated_at = time.time()

    def as_json(self):
        return {
            "nid": self.nid.hex(),
            "locators": [{"locator": e.locator.hex(), "preference": e.preference, "lifetime": e.lifetime}
                         for e in self.locators],
            "localNonce": self.local_nonce.hex(),
            "remoteNonce": self.remote_nonce.hex() if self.remote_nonce else None,
            "learned": self.learned,
            "tx": self.tx,
            "rx": self.rx,
            "luPending": self.lu_pending is not None,
        }


class Ilcc:

    def __init__(self, nonce_bytes):
        self.nonce_bytes = nonce_bytes
        self.peers = {}

    def configure(self, nid, entries):
        peer = Peer(nid, entries, self.nonce_bytes)
        self.peers[peer.nid] = peer
        return peer

    def learn(self, nid, locator):
        """A first packet from an unknown peer: its source locator is the one known so far."""
        peer = Peer(nid, [LocatorEntry(locator)], self.nonce_bytes, learned=True)
        self.peers[peer.nid] = peer
        return peer

    def get(self, nid):
        return self.peers.get(bytes(nid))

    def __iter__(self):
        return iter(list(self.peers.values()))
