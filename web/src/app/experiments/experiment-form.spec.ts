// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { Experiment } from '../core/api-models';
import { BngLine, BngSession } from '../features/bng/bng-models';
import { GtpuTunnel } from '../features/gtpu/gtpu-models';
import { type } from '../core/testing';
import { ExperimentForm } from './experiment-form';
import {
  APN6, BASE, GTPU_MURAKAMI, GTPU_MURAKAMI_REQUEST, PPPOE_SINGLE, PPPOE_SINGLE_REQUEST, PPPOE_SPLIT,
} from './fixtures.spec';

/** One of the preset's tunnels, as GET gtpu/tunnels lists it (the others do not exist). */
const MURAKAMI_ZERO: GtpuTunnel = {
  id: 'murakami-zero', uePrefixes: ['fd00:99:1::/64'], n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:1:3::10',
  downlinkTeid: 8193, uplinkTeid: 4097, checksumMode: 'ZERO', acceptZeroChecksum: false, decapDevice: 'device:beijing',
  encapDevices: ['device:beijing'], counterIndex: 1, state: 'INSTALLED',
  counters: { downlinkPackets: 0, downlinkBytes: 0, uplinkPackets: 0, uplinkBytes: 0, unreadDevices: [] },
};

/** The bng lab's lines and sessions, as GET bng/sessions lists them: one up per user, one up without a user, one ended. */
const LINE11: BngLine = { name: 'device:bng/1/100/11', port: 'device:bng/1', sTag: 100, cTag: 11, lineId: 1,
  controlFrames: 12, lastSeen: '2026-11-29T10:00:05Z', meter: { upstream: null, downstream: null } };
const SUB1: BngSession = {
  id: 1, line: LINE11, sessionId: 17, subscriberMac: '02:00:00:00:01:01', serverMac: '02:00:00:00:00:02', state: 'UP',
  user: 'sub1@sixflow', ipv6: 'fd33:0:0:1::10:1', ipv6Prefix: 'fd33:0:0:1::/64', delegatedPrefix: 'fd33:100:0:100::/56',
  started: '2026-11-29T09:59:50Z', install: { state: 'INSTALLED' }, counters: {},
};
const ANON: BngSession = { ...SUB1, id: 2, sessionId: 18, user: undefined, ipv6Prefix: undefined, delegatedPrefix: undefined,
  line: { ...LINE11, name: 'device:bng/1/100/12', cTag: 12, lineId: 2 } };
const ENDED: BngSession = { ...SUB1, id: 3, sessionId: 19, user: 'sub2@sixflow', state: 'ENDED', endReason: 'LCP echo timeout',
  line: { ...LINE11, name: 'device:bng/1/100/13', cTag: 13, lineId: 3 } };

describe('ExperimentForm', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<ExperimentForm>;
  let created: Experiment[];
  const { runs: _runs, ...preset } = APN6;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(ExperimentForm);
    created = [];
    fixture.componentInstance.created.subscribe((e) => created.push(e));
    await fixture.whenStable();
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [preset, GTPU_MURAKAMI, PPPOE_SINGLE, PPPOE_SPLIT] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [MURAKAMI_ZERO], total: 1, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [SUB1, ANON, ENDED] });
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const value = (selector: string) => (view().querySelector(selector) as HTMLInputElement).value;

  async function usePreset(id = preset.id, hint = 'insertion against forwarding'): Promise<void> {
    const select = view().querySelector('#exp-preset') as HTMLSelectElement;
    select.value = id;
    select.dispatchEvent(new Event('change'));
    await fixture.whenStable();
    expect(view().querySelector('#exp-preset-hint')?.textContent).toContain(hint);
    button('Use preset').click();
    await fixture.whenStable();
  }
  const options = (selector: string) =>
    Array.from(view().querySelectorAll(`${selector} option`)).map((o) => o.textContent?.trim());
  const error = (selector: string) => view().querySelector(`${selector}-error`)?.textContent?.trim();

  it('fills every input, classes included, from a preset', async () => {
    expect(button('Use preset').disabled).toBeTrue();
    await usePreset();
    expect(value('#exp-id')).toBe('apn6-vs-ipv6');
    expect(value('#exp-ingress')).toBe('device:beijing/1');
    expect(value('#exp-thresholds')).toBe('0.018, 0.02');
    expect(view().querySelectorAll('fieldset.class').length).toBe(2);
    expect(value('#exp-class-1-policy')).toBe('apn6-ietf109');
    expect(value('#exp-class-1-latencyClass')).toBe('apn6-insert');
    expect(value('#exp-class-0-role')).toBe('BASELINE');
  });

  it('checks without storing and puts each problem beside its field', async () => {
    await usePreset();
    button('Validate').click();
    const check = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(check.request.body.classes[1]).toEqual({ name: 'apn6', role: 'FEATURE', latencyClass: 'apn6-insert',
      policy: 'apn6-ietf109', packet: { source: 'fd00:1:1::10', destination: 'fd00:1:3::10', sourcePort: 40000,
        destinationPort: 6100, hopLimit: 64 } });
    check.flush({ valid: false, fields: { 'classes[1].policy': 'no APN6 policy apn6-ietf109',
      ingress: 'device:beijing/1 has no link into it', interval: 'a 10.0 µs interval; probes traffic goes no faster' } });
    await fixture.whenStable();
    expect(view().querySelector('#exp-class-1-policy-error')?.textContent).toContain('no APN6 policy apn6-ietf109');
    expect(view().querySelector('#exp-class-1-policy')?.getAttribute('aria-invalid')).toBe('true');
    expect(view().querySelector('#exp-ingress-error')?.textContent).toContain('has no link into it');
    expect(view().querySelector('#exp-intervalMicros-error')?.textContent).toContain('10.0 µs');
    expect(view().querySelector('.validation')?.textContent).toContain('3 problem(s)');

    type(view(), '#exp-class-1-policy', '');
    button('Validate').click();
    const again = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(again.request.body.classes[1].policy).toBeUndefined();
    again.flush({ valid: true, fields: {} });
    await fixture.whenStable();
    expect(view().querySelector('.validation')?.textContent).toContain('Valid: the experiment fits the network');
    expect(view().querySelector('#exp-class-1-policy-error')?.textContent?.trim()).toBe('');
  });

  it('offers to create the policy a refusal says is missing, and creates it only when asked', async () => {
    await usePreset();
    button('Validate').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` })
      .flush({ valid: false, fields: { 'classes[1].policy': 'no APN6 policy apn6-ietf109' } });
    await fixture.whenStable();
    http.expectNone(`${BASE}/policies`);
    button('Create policy apn6-ietf109').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/policies` });
    expect(post.request.body).toEqual(jasmine.objectContaining({
      id: 'apn6-ietf109', priority: 100, match: { nextHeader: 17, destinationPorts: { low: 6100, high: 6100 } },
      option: { slaLevel: 2, appId: 42, userId: 7, flowId: 1 }, stripAtEgress: true }));
    post.flush({ policy: { ...post.request.body, state: 'INSTALLED' }, validation: { valid: true, entries: 7,
      problems: [], conflicts: [], warnings: [] } });
    await fixture.whenStable();
    expect(error('#exp-class-1-policy')).toBe('');
    expect(view().querySelector('.policy-notice')?.textContent).toContain('Policy apn6-ietf109 created (INSTALLED)');
    expect(Array.from(view().querySelectorAll('button')).some((b) => b.textContent?.includes('Create policy'))).toBeFalse();
  });

  it('offers no policy for other refusals of the policy field', async () => {
    await usePreset();
    button('Validate').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` })
      .flush({ valid: false, fields: { 'classes[1].policy': 'policy apn6-ietf109 does not match the probes' } });
    await fixture.whenStable();
    expect(Array.from(view().querySelectorAll('button')).some((b) => b.textContent?.includes('Create policy'))).toBeFalse();
  });

  it('shows a refused creation beside the fields, or under the form when no field is named', async () => {
    type(view(), '#exp-id', 'lab');
    type(view(), '#exp-class-0-source', 'fd00::1');
    type(view(), '#exp-class-0-destination', 'banana');
    type(view(), '#exp-frameSizes', '128, 20');
    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body.frameSizes).toEqual([128, 20]);
    expect(post.request.body.ingress).toBeNull();
    post.flush({ code: 400, message: '…', fields: { 'classes[0].packet.destination': '"banana" is not an IPv6 address',
      'frameSizes[1]': 'must be 86..1514 bytes, got 20', ingress: 'required' } }, { status: 400, statusText: 'Bad Request' });
    await fixture.whenStable();
    expect(view().querySelector('#exp-class-0-destination-error')?.textContent).toContain('"banana" is not an IPv6 address');
    expect(view().querySelector('#exp-frameSizes-error')?.textContent).toContain('value 2: must be 86..1514');
    expect(view().querySelector('#exp-ingress-error')?.textContent).toContain('required');
    expect(created).toEqual([]);

    button('Create experiment').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments` }).flush(
      { code: 503, message: 'experiments need the history database' }, { status: 503, statusText: 'Unavailable' });
    await fixture.whenStable();
    expect(view().querySelector('.form-error')?.textContent).toContain('experiments need the history database');
  });

  it('adds and removes classes, keeping at least one, and resets after creating', async () => {
    expect(button('Remove class 1').disabled).toBeTrue();
    button('Add a class').click();
    await fixture.whenStable();
    type(view(), '#exp-class-1-name', 'te');
    type(view(), '#exp-class-1-tree', 'te');
    expect(view().querySelectorAll('fieldset.class').length).toBe(2);
    type(view(), '#exp-id', 'lab');
    type(view(), '#exp-ingress', 'device:beijing/1');
    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body.classes.map((c: { name: string }) => c.name)).toEqual(['ipv6', 'te']);
    expect(post.request.body.classes[1].tree).toBe('te');
    post.flush({ ...preset, id: 'lab' }, { status: 201, statusText: 'Created' });
    await fixture.whenStable();
    expect(created.map((e) => e.id)).toEqual(['lab']);
    expect(value('#exp-id')).toBe('');
    expect(view().querySelectorAll('fieldset.class').length).toBe(1);

    button('Add a class').click();
    await fixture.whenStable();
    button('Remove class 1').click();
    await fixture.whenStable();
    expect(view().querySelectorAll('fieldset.class').length).toBe(1);
    expect(value('#exp-class-0-name')).toBe('');
  });

  it('offers the GTP-U preset and sends it back unchanged, tunnels and G-PDU included', async () => {
    expect(options('#exp-preset')).toContain('GTP-U checksum as in draft-murakami');
    await usePreset(GTPU_MURAKAMI.id, 'IPv6 forwarding against GTP-U encapsulation');
    expect(view().querySelectorAll('fieldset.class').length).toBe(5);
    expect(value('#exp-class-0-tunnel')).toBe('');
    expect(value('#exp-class-1-tunnel')).toBe('murakami-zero');
    expect(value('#exp-class-2-tunnel')).toBe('murakami-full');
    // A tunnel the server lacks stays chosen, and says so; the server's are offered with their state.
    expect(options('#exp-class-2-tunnel')).toEqual(['— none —', 'murakami-full (no such tunnel on the server)',
      'murakami-zero (INSTALLED)']);
    expect(view().querySelector('#exp-class-1-gtpuTeid')).toBeNull();
    expect(value('#exp-class-4-gtpuPeerAddress')).toBe('fd00:1:3::10');
    expect(value('#exp-class-4-gtpuN3Address')).toBe('fd00:1:1::2152');
    expect(value('#exp-class-4-gtpuTeid')).toBe('4097');
    expect(value('#exp-class-4-gtpuSourcePort')).toBe('2152');

    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body).toEqual(GTPU_MURAKAMI_REQUEST);
    post.flush(GTPU_MURAKAMI, { status: 201, statusText: 'Created' });
    await fixture.whenStable();
    expect(created.map((e) => e.id)).toEqual(['gtpu-murakami']);
  });

  it('puts the server\'s tunnel and G-PDU problems beside their inputs', async () => {
    await usePreset(GTPU_MURAKAMI.id, 'IPv6 forwarding against GTP-U encapsulation');
    type(view(), '#exp-class-4-gtpuTeid', '');
    button('Validate').click();
    const check = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(check.request.body.classes[4].packet.gtpu).toEqual(
      { peerAddress: 'fd00:1:3::10', n3Address: 'fd00:1:1::2152', sourcePort: 2152 });
    check.flush({ valid: false, fields: {
      'classes[2].tunnel': 'no GTP-U tunnel murakami-full',
      'classes[4].packet.gtpu.teid': 'required: the tunnel\'s uplink TEID, 1..4294967295',
      'classes[4].packet.gtpu.n3Address': 'tunnel murakami-zero\'s N3 address is fd00:1:1::1, not fd00:1:1::2152',
    } });
    await fixture.whenStable();
    expect(error('#exp-class-2-tunnel')).toBe('no GTP-U tunnel murakami-full');
    expect(view().querySelector('#exp-class-2-tunnel')?.getAttribute('aria-invalid')).toBe('true');
    expect(error('#exp-class-4-gtpuTeid')).toContain('required: the tunnel\'s uplink TEID');
    expect(error('#exp-class-4-gtpuN3Address')).toContain('N3 address is fd00:1:1::1');
    expect(view().querySelector('.validation')?.textContent).toContain('3 problem(s)');
    expect(view().querySelector('.form-error')).toBeNull();
  });

  it('chooses a class\'s tunnel among the server\'s and takes an uplink probe\'s G-PDU from it', async () => {
    expect(options('#exp-class-0-tunnel')).toEqual(['— none —', 'murakami-zero (INSTALLED)']);
    expect(view().querySelector('#exp-class-0-tunnel-hint')?.textContent).toContain('for a gtpu-encap-* or gtpu-decap class');
    expect(view().querySelector('fieldset.gtpu')).toBeNull();
    const latency = view().querySelector('#exp-class-0-latencyClass') as HTMLSelectElement;
    latency.value = 'gtpu-decap';
    latency.dispatchEvent(new Event('change'));
    const tunnel = view().querySelector('#exp-class-0-tunnel') as HTMLSelectElement;
    tunnel.value = 'murakami-zero';
    tunnel.dispatchEvent(new Event('change'));
    await fixture.whenStable();
    expect(view().querySelector('fieldset.gtpu legend')?.textContent).toContain('G-PDU');
    button('Take the G-PDU from tunnel murakami-zero').click();
    await fixture.whenStable();
    expect(value('#exp-class-0-gtpuPeerAddress')).toBe('fd00:1:3::10');
    expect(value('#exp-class-0-gtpuN3Address')).toBe('fd00:1:1::2152');
    expect(value('#exp-class-0-gtpuTeid')).toBe('4097');
    expect(fixture.componentInstance.experiment().classes[0]).toEqual({ name: 'ipv6', role: 'BASELINE',
      latencyClass: 'gtpu-decap', tunnel: 'murakami-zero', packet: { source: '', destination: '',
        gtpu: { peerAddress: 'fd00:1:3::10', n3Address: 'fd00:1:1::2152', teid: 4097 } } });
  });

  it('offers the PPPoE presets and sends them back unchanged, the session included', async () => {
    expect(options('#exp-preset')).toContain('PPPoE single data plane as in the ISP study');
    expect(options('#exp-preset')).toContain('PPPoE split data plane as in the ISP study');
    await usePreset(PPPOE_SINGLE.id, 'upstream, sent in its PPPoE session\'s framing');
    expect(view().querySelectorAll('fieldset.class').length).toBe(1);
    expect(value('#exp-class-0-session')).toBe('sub1@sixflow');
    expect(value('#exp-class-0-latencyClass')).toBe('ipv6');
    expect(value('#exp-class-0-tunnel')).toBe('');
    expect(value('#exp-ingress')).toBe('device:bng/1');
    // What the session is on the server, so its packets can be made to fit.
    expect(view().querySelector('#exp-class-0-session-note')?.textContent?.trim()).toBe('sub1@sixflow is up on line '
      + 'device:bng/1/100/11 (fd33:0:0:1::/64, fd33:100:0:100::/56): upstream packets enter by its port device:bng/1 (the ingress).');

    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body).toEqual(PPPOE_SINGLE_REQUEST);
    post.flush(PPPOE_SINGLE, { status: 201, statusText: 'Created' });
    await fixture.whenStable();
    expect(created.map((e) => e.id)).toEqual(['pppoe-single']);
  });

  it('offers the sessions up by user or line name, takes any typed name, and says the rules', async () => {
    const input = view().querySelector('#exp-class-0-session') as HTMLInputElement;
    const list = view().querySelector(`#${input.getAttribute('list')}`) as HTMLDataListElement;
    expect(list.tagName).toBe('DATALIST');
    expect(Array.from(list.options).map((o) => [o.value, o.textContent?.trim()])).toEqual([
      ['sub1@sixflow', 'line device:bng/1/100/11, fd33:0:0:1::/64'], ['device:bng/1/100/12', 'line device:bng/1/100/12']]);
    expect(view().querySelector('#exp-class-0-session-hint')?.textContent).toContain('a subscriber\'s user name or a line\'s name');
    const rules = view().querySelector('#exp-class-0-session-rules')?.textContent?.replace(/\s+/g, ' ');
    expect(rules).toContain('measured as ipv6');
    expect(rules).toContain('from the host on its line\'s port (the ingress)');
    expect(rules).toContain('one tree, policy, tunnel or session per class');
    expect(input.getAttribute('aria-describedby')).toContain('exp-class-0-session-rules');
    expect(view().querySelector('#exp-class-0-session-note')?.textContent?.trim()).toBe('');

    type(view(), '#exp-class-0-session', 'device:bng/1/100/12');
    await fixture.whenStable();
    expect(view().querySelector('#exp-class-0-session-note')?.textContent)
      .toContain('The session is up on line device:bng/1/100/12: upstream packets enter by its port device:bng/1 (the ingress).');
    // An ended session is not up: the name stays as typed, said to have no session up.
    type(view(), '#exp-class-0-session', ' sub2@sixflow ');
    await fixture.whenStable();
    expect(value('#exp-class-0-session')).toBe(' sub2@sixflow ');
    expect(view().querySelector('#exp-class-0-session-note')?.textContent).toContain('No session of sub2@sixflow is up');
    expect(fixture.componentInstance.experiment().classes[0].session).toBe('sub2@sixflow');
  });

  it('puts the server\'s session problem beside the session', async () => {
    await usePreset(PPPOE_SINGLE.id, 'upstream, sent in its PPPoE session\'s framing');
    type(view(), '#exp-class-0-session', 'sub9@sixflow');
    button('Validate').click();
    const check = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(check.request.body.classes[0].session).toBe('sub9@sixflow');
    check.flush({ valid: false, fields: { 'classes[0].session': 'no PPPoE session of sub9@sixflow is up' } });
    await fixture.whenStable();
    expect(error('#exp-class-0-session')).toBe('no PPPoE session of sub9@sixflow is up');
    expect(view().querySelector('#exp-class-0-session')?.getAttribute('aria-invalid')).toBe('true');
    expect(view().querySelector('#exp-class-0-session')?.getAttribute('aria-describedby')).toContain('exp-class-0-session-error');
    expect(view().querySelector('.validation')?.textContent).toContain('1 problem(s)');
    expect(view().querySelector('.form-error')).toBeNull();

    // A refused creation's 400 lands there too.
    button('Create experiment').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments` }).flush({ code: 400, message: '…',
      fields: { 'classes[0].session': 'a session class is measured as ipv6' } }, { status: 400, statusText: 'Bad Request' });
    await fixture.whenStable();
    expect(error('#exp-class-0-session')).toBe('a session class is measured as ipv6');
    expect(created).toEqual([]);
  });
});

describe('ExperimentForm without the server\'s tunnels', () => {
  it('says why the tunnels are not offered, and keeps a class\'s own tunnel as it is', async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    const http = TestBed.inject(HttpTestingController);
    const fixture = TestBed.createComponent(ExperimentForm);
    await fixture.whenStable();
    const view = fixture.nativeElement as HTMLElement;
    expect(view.querySelector('#exp-class-0-tunnel-hint')?.textContent).toContain('Loading the tunnels');
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [GTPU_MURAKAMI] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ code: 503, message: 'GTP-U tunnels need the tunnel service' },
      { status: 503, statusText: 'Service Unavailable' });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [] });
    await fixture.whenStable();
    expect(view.querySelector('#exp-class-0-tunnel-hint')?.textContent)
      .toContain('The tunnels could not be loaded: GTP-U tunnels need the tunnel service');
    fixture.componentInstance.preset.set(GTPU_MURAKAMI.id);
    fixture.componentInstance.usePreset();
    await fixture.whenStable();
    expect((view.querySelector('#exp-class-1-tunnel') as HTMLSelectElement).value).toBe('murakami-zero');
    expect(Array.from(view.querySelectorAll('#exp-class-1-tunnel option')).map((o) => o.textContent?.trim()))
      .toEqual(['— none —', 'murakami-zero']);
    expect(fixture.componentInstance.experiment()).toEqual(GTPU_MURAKAMI_REQUEST);
    http.verify();
  });
});

describe('ExperimentForm without the server\'s sessions', () => {
  it('says why no session is offered, and keeps a class\'s own session as it is', async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    const http = TestBed.inject(HttpTestingController);
    const fixture = TestBed.createComponent(ExperimentForm);
    await fixture.whenStable();
    const view = fixture.nativeElement as HTMLElement;
    expect(view.querySelector('#exp-class-0-session-hint')?.textContent).toContain('Loading the sessions');
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [PPPOE_SINGLE] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [], total: 0, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ code: 404, message: 'the bng feature is not running' },
      { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view.querySelector('#exp-class-0-session-hint')?.textContent)
      .toContain('The sessions could not be loaded: the bng feature is not running');
    fixture.componentInstance.preset.set(PPPOE_SINGLE.id);
    fixture.componentInstance.usePreset();
    await fixture.whenStable();
    expect((view.querySelector('#exp-class-0-session') as HTMLInputElement).value).toBe('sub1@sixflow');
    expect(view.querySelectorAll('#exp-class-0-session-choices option').length).toBe(0);
    // Nothing known of the session: nothing said of it.
    expect(view.querySelector('#exp-class-0-session-note')?.textContent?.trim()).toBe('');
    expect(fixture.componentInstance.experiment()).toEqual(PPPOE_SINGLE_REQUEST);
    http.verify();
  });

  it('says when no session is up', async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    const http = TestBed.inject(HttpTestingController);
    const fixture = TestBed.createComponent(ExperimentForm);
    await fixture.whenStable();
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [], total: 0, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [ENDED] });
    await fixture.whenStable();
    const view = fixture.nativeElement as HTMLElement;
    expect(view.querySelector('#exp-class-0-session-hint')?.textContent).toContain('No PPPoE session is up');
    expect(view.querySelectorAll('#exp-class-0-session-choices option').length).toBe(0);
    http.verify();
  });
});
