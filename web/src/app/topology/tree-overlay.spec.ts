// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Msr6Tree } from '../features/msr6/msr6-models';
import { deviceOf, edgeKey, treeOverlay } from './tree-overlay';

export const VIDEO_TREE: Msr6Tree = {
  id: 'video', source: 'device:beijing/3', group: 'ff3e::1', mode: 'TE', algorithm: 'STEINER',
  receivers: ['device:nanjing/4', 'device:shanghai/3', 'device:guangzhou/3'],
  constraints: { maxHops: 0, maxCost: 0, minBandwidthMbps: 0, metric: 'HOPS', excludedDevices: [], excludedPorts: [] },
  state: 'INSTALLED', failure: null, number: 1, replicationPoints: 1,
  links: [
    { src: 'device:beijing/2', dst: 'device:nanjing/1' },
    { src: 'device:nanjing/3', dst: 'device:shanghai/1' },
    { src: 'device:shanghai/2', dst: 'device:guangzhou/2' },
  ],
  msids: ['fd00:2:2::100', 'fd00:4:4::100', 'fd00:5:5::100'],
  entries: { 'device:beijing': 2, 'device:nanjing': 2 },
  deviceEntries: { 'device:beijing': ['msr6_encap ...'], 'device:nanjing': ['replicate ...'] },
};

describe('treeOverlay', () => {
  it('names devices of connect points and keys edges both ways alike', () => {
    expect(deviceOf('device:beijing/3')).toBe('device:beijing');
    expect(edgeKey('device:b', 'device:a')).toBe(edgeKey('device:a', 'device:b'));
  });

  it('marks links, source, receivers and the devices that replicate', () => {
    const overlay = treeOverlay(VIDEO_TREE);
    expect(overlay.source).toBe('device:beijing');
    expect(overlay.edges.size).toBe(3);
    expect(overlay.edges.has(edgeKey('device:nanjing', 'device:beijing'))).toBeTrue();
    expect([...overlay.receivers]).toEqual(['device:nanjing', 'device:shanghai', 'device:guangzhou']);
    // nanjing keeps a copy (receiver) and forwards one (to shanghai); so does shanghai
    expect([...overlay.replicationPoints].sort()).toEqual(['device:nanjing', 'device:shanghai']);
  });
});
