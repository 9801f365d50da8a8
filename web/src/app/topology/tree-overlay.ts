// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Msr6Tree } from '../features/msr6/msr6-models';

/** The device of a connect point ("device:beijing/3" → "device:beijing"). */
export function deviceOf(connectPoint: string): string {
  const slash = connectPoint.lastIndexOf('/');
  return slash > 0 ? connectPoint.slice(0, slash) : connectPoint;
}

/** An undirected key for a link between two devices, so both directions draw as one edge. */
export function edgeKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** What a tree adds to the graph: its links, its source, receivers and replication points. */
export interface TreeOverlay {
  edges: Set<string>;
  source: string;
  receivers: Set<string>;
  /** Devices that send the packet on more than one way (links and local receivers together). */
  replicationPoints: Set<string>;
}

export function treeOverlay(tree: Msr6Tree): TreeOverlay {
  const fanOut = new Map<string, number>();
  const count = (device: string) => fanOut.set(device, (fanOut.get(device) ?? 0) + 1);
  const edges = new Set<string>();
  for (const link of tree.links) {
    edges.add(edgeKey(deviceOf(link.src), deviceOf(link.dst)));
    count(deviceOf(link.src));
  }
  const receivers = new Set(tree.receivers.map(deviceOf));
  tree.receivers.forEach((r) => count(deviceOf(r)));
  const replicationPoints = new Set([...fanOut].filter(([, n]) => n > 1).map(([device]) => device));
  return { edges, source: deviceOf(tree.source), receivers, replicationPoints };
}
