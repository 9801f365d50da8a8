// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { GtpuProbe } from '../core/api-models';
import { EMPTY_CLASS, EMPTY_EXPERIMENT_FORM, experimentOf, formOf, inputOf, placed } from './experiment-form-model';
import {
  APN6, GTPU_MURAKAMI, GTPU_MURAKAMI_REQUEST, PPPOE_SINGLE, PPPOE_SINGLE_REQUEST, PPPOE_SPLIT, PPPOE_SPLIT_REQUEST,
} from './fixtures.spec';

describe('experiment form model', () => {
  it('leaves out empty optional inputs and keeps what is not a number as typed', () => {
    const e = experimentOf({ ...EMPTY_EXPERIMENT_FORM, id: ' lab ', ingress: 'device:beijing/1', packetsPerClass: 'many',
      frameSizes: '128, 1514', thresholds: '0.018\n0.02' },
    [{ ...EMPTY_CLASS, name: 'ipv6', role: 'BASELINE', source: 'fd00::1', destination: 'fd00::2', destinationPort: '6100' },
      { ...EMPTY_CLASS, name: 'te', latencyClass: 'msr6-te-encap', tree: 'te' }]);
    expect(e).toEqual({
      id: 'lab', ingress: 'device:beijing/1', traffic: 'PROBES', packetsPerClass: 'many' as unknown as number,
      intervalMicros: 1000, frameSizes: [128, 1514], thresholds: [0.018, 0.02], stages: true,
      classes: [
        { name: 'ipv6', role: 'BASELINE', latencyClass: 'ipv6', packet: { source: 'fd00::1', destination: 'fd00::2', destinationPort: 6100 } },
        { name: 'te', role: 'FEATURE', latencyClass: 'msr6-te-encap', tree: 'te' },
      ],
    });
  });

  it('sends an empty ingress as null and a window only when one is given', () => {
    const e = experimentOf({ ...EMPTY_EXPERIMENT_FORM, traffic: 'EXTERNAL', windowFrom: '2026-11-24T10:00:00Z' }, []);
    expect(e.ingress).toBeNull();
    expect(e.window).toEqual({ from: '2026-11-24T10:00:00Z', to: '' });
    expect(experimentOf(EMPTY_EXPERIMENT_FORM, []).window).toBeUndefined();
  });

  it('shows an experiment in the inputs and reads it back the same', () => {
    const { value, classes } = formOf(APN6);
    expect(value.frameSizes).toBe('128');
    expect(value.thresholds).toBe('0.018, 0.02');
    expect(classes[1].policy).toBe('apn6-ietf109');
    expect(classes[0].destinationPort).toBe('5004');
    const back = experimentOf(value, classes);
    expect(back.classes).toEqual(APN6.classes.map(({ tree: _t, policy, ...c }) => (policy ? { ...c, policy } : c)));
    expect(back.packetsPerClass).toBe(2000);
    expect(back.meanThresholds).toBeUndefined();
  });

  it('shows the GTP-U preset, tunnels and G-PDU included, and reads back the very request', () => {
    const { value, classes } = formOf(GTPU_MURAKAMI);
    expect(classes.map((c) => c.tunnel)).toEqual(['', 'murakami-zero', 'murakami-full', 'murakami-incremental', 'murakami-zero']);
    expect(classes[4]).toEqual(jasmine.objectContaining({ gtpuPeerAddress: 'fd00:1:3::10', gtpuN3Address: 'fd00:1:1::2152',
      gtpuTeid: '4097', gtpuSourcePort: '2152' }));
    expect(classes[1].gtpuTeid).toBe('');
    expect(experimentOf(value, classes)).toEqual(GTPU_MURAKAMI_REQUEST);
    const again = formOf(GTPU_MURAKAMI_REQUEST);
    expect(experimentOf(again.value, again.classes)).toEqual(GTPU_MURAKAMI_REQUEST);
  });

  it('shows the PPPoE presets, the session included, and reads back the very requests', () => {
    for (const [preset, request] of [[PPPOE_SINGLE, PPPOE_SINGLE_REQUEST], [PPPOE_SPLIT, PPPOE_SPLIT_REQUEST]] as const) {
      const { value, classes } = formOf(preset);
      expect(classes.map((c) => c.session)).toEqual(['sub1@sixflow']);
      expect(classes[0]).toEqual(jasmine.objectContaining({ latencyClass: 'ipv6', tree: '', policy: '', tunnel: '',
        source: 'fd33:0:0:1::10:1' }));
      expect(value.traffic).toBe('HOSTS');
      expect(experimentOf(value, classes)).toEqual(request);
    }
    // A class without a session (null from the codec, or absent) shows none and sends none.
    expect(formOf(GTPU_MURAKAMI).classes.map((c) => c.session)).toEqual(['', '', '', '', '']);
    expect(formOf(APN6).classes.map((c) => c.session)).toEqual(['', '']);
  });

  it('trims a class\'s session, a line\'s name as well as a user name, and leaves an empty one out', () => {
    const classes = experimentOf(EMPTY_EXPERIMENT_FORM, [
      { ...EMPTY_CLASS, name: 'up', session: '  sub1@sixflow ' },
      { ...EMPTY_CLASS, name: 'line', session: 'device:bng/1/100/11' },
      { ...EMPTY_CLASS, name: 'none', session: '   ' },
    ]).classes;
    expect(classes[0]).toEqual({ name: 'up', role: 'FEATURE', latencyClass: 'ipv6', session: 'sub1@sixflow' });
    expect(classes[1].session).toBe('device:bng/1/100/11');
    expect('session' in classes[2]).toBeFalse();
  });

  it('sends a packet when any of its inputs holds something, leaving out an empty TEID for the server to ask for', () => {
    const [decap, portOnly] = experimentOf(EMPTY_EXPERIMENT_FORM, [
      { ...EMPTY_CLASS, name: 'up', latencyClass: 'gtpu-decap', tunnel: ' ue-1 ', gtpuPeerAddress: 'fd00:1:3::10' },
      { ...EMPTY_CLASS, name: 'p', destinationPort: '6100' },
    ]).classes;
    expect(decap).toEqual({ name: 'up', role: 'FEATURE', latencyClass: 'gtpu-decap', tunnel: 'ue-1',
      packet: { source: '', destination: '', gtpu: { peerAddress: 'fd00:1:3::10', n3Address: '' } as GtpuProbe } });
    expect(portOnly.packet).toEqual({ source: '', destination: '', destinationPort: 6100 });
  });

  it('finds the input of each server field', () => {
    expect(inputOf('classes[1].packet.destination')).toBe('classes.1.destination');
    expect(inputOf('classes[12].packet')).toBe('classes.12.packet');
    expect(inputOf('classes[0].policy')).toBe('classes.0.policy');
    expect(inputOf('classes[3].tunnel')).toBe('classes.3.tunnel');
    expect(inputOf('classes[0].session')).toBe('classes.0.session');
    expect(inputOf('classes[4].packet.gtpu')).toBe('classes.4.gtpu');
    expect(inputOf('classes[4].packet.gtpu.peerAddress')).toBe('classes.4.gtpuPeerAddress');
    expect(inputOf('classes[4].packet.gtpu.n3Address')).toBe('classes.4.gtpuN3Address');
    expect(inputOf('classes[4].packet.gtpu.teid')).toBe('classes.4.gtpuTeid');
    expect(inputOf('classes[4].packet.gtpu.sourcePort')).toBe('classes.4.gtpuSourcePort');
    expect(inputOf('classes[4].packet.sourcePort')).toBe('classes.4.sourcePort');
    expect(inputOf('classes[1].colour')).toBe('');
    expect(inputOf('classes[2]')).toBe('classes.2');
    expect(inputOf('classes')).toBe('classes');
    expect(inputOf('frameSizes[1]')).toBe('frameSizes');
    expect(inputOf('interval')).toBe('intervalMicros');
    expect(inputOf('window')).toBe('windowFrom');
    expect(inputOf('window.to')).toBe('windowTo');
    expect(inputOf('ingress')).toBe('ingress');
    expect(inputOf('somethingElse')).toBe('');
  });

  it('places messages beside their inputs, joining those of one input', () => {
    expect(placed({
      'frameSizes[0]': 'must be 86..1514 bytes, got 20', 'frameSizes[2]': 'must be 86..1514 bytes, got 9000',
      ingress: 'device:beijing/3 has no link into it', other: 'odd',
    })).toEqual({
      frameSizes: 'value 1: must be 86..1514 bytes, got 20; value 3: must be 86..1514 bytes, got 9000',
      ingress: 'device:beijing/3 has no link into it', '': 'other: odd',
    });
    expect(placed({ 'classes[0].session': 'no PPPoE session sub9@sixflow is up' }))
      .toEqual({ 'classes.0.session': 'no PPPoE session sub9@sixflow is up' });
  });
});
