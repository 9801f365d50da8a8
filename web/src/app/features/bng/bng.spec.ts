// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { BngConfig, BngLine, BngSession } from './bng-models';
import { routedView, type } from '../../core/testing';
import { BngView } from './bng';

const BASE = '/onos/sixflow/v1';
const SESSIONS = `${BASE}/bng/sessions`;
const LINES = `${BASE}/bng/lines`;
const CONFIG = `${BASE}/bng/config`;

const LINE10: BngLine = { name: 'device:bng/1/100/10', port: 'device:bng/1', sTag: 100, cTag: 10, lineId: 1,
  controlFrames: 1234, lastSeen: '2026-11-29T10:00:05Z',
  meter: { upstream: { cirKbps: 1000, cbsBytes: 3000, pirKbps: 2000, pbsBytes: 6000 }, downstream: null } };
const LINE11: BngLine = { ...LINE10, name: 'device:bng/1/100/11', cTag: 11, lineId: 0, controlFrames: 3,
  meter: { upstream: null, downstream: null } };
const LINE_EDGE: BngLine = { ...LINE10, name: 'device:edge/3/0/7', port: 'device:edge/3', sTag: 0, cTag: 7, lineId: 2 };

const ALICE: BngSession = {
  id: 1, line: LINE10, sessionId: 17, subscriberMac: '02:00:00:00:01:01', serverMac: '02:00:00:00:00:02', state: 'UP',
  user: 'alice', ipv4: '10.64.0.2', ipv6: 'fd33:0:0:1::10:1', ipv6Prefix: 'fd33:0:0:1::/64',
  delegatedPrefix: 'fd33:100:0:100::/56', started: '2026-11-29T09:59:50Z',
  install: { state: 'INSTALLED' },
  counters: { UPSTREAM_TX: { packets: 1500, bytes: 150000 }, DOWNSTREAM_TX: { packets: 2500, bytes: 3000000 },
    UPSTREAM_DROPPED: { packets: 4, bytes: 400 } },
};
const BOB: BngSession = {
  id: 2, line: LINE11, sessionId: 18, subscriberMac: '02:00:00:00:01:02', serverMac: '02:00:00:00:00:02', state: 'ENDED',
  user: 'bob', endReason: 'PAP Authenticate-Nak', started: '2026-11-29T09:59:55Z', install: { state: 'REQUESTED' }, counters: {},
};
const ANON: BngSession = {
  id: 3, line: LINE_EDGE, sessionId: 5, subscriberMac: '02:00:00:00:01:03', serverMac: '02:00:00:00:00:09', state: 'UP',
  ipv4: '10.64.0.9', started: '2026-11-29T10:00:00Z',
  install: { state: 'FAILED', failure: { deviceId: 'device:edge', reason: 'no /64 configured for S-tag 0, C-tag 7' } },
  counters: {},
};
const STORED: BngConfig = { server: 'device:bng/2', echoIntervalSeconds: 30, echoMisses: 4,
  linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }], prefixPool: null };

describe('BngView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('bng', BngView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const rows = (table = 'sessions') => Array.from(view().querySelectorAll(`table.${table} tbody tr`));
  /** A row's cells as read, spaces collapsed. */
  const cells = (row: Element) => Array.from(row.querySelectorAll('td, th'))
    .map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim());
  const field = (id: string) => view().querySelector(`#config-${id}`) as HTMLInputElement;
  const errorOf = (id: string) => view().querySelector(`#config-${id}-error`)?.textContent?.trim();
  const choose = async (id: string, value: string) => {
    const select = view().querySelector(`#bng-${id}`) as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('change'));
    await harness.fixture.whenStable();
  };

  /** Answers the reads of sessions and lines (a refresh, a poll). */
  async function reloaded(sessions: BngSession[], lines: BngLine[] = [LINE10, LINE11, LINE_EDGE],
                          dropped: Record<string, number> = {}): Promise<void> {
    http.expectOne(SESSIONS).flush({ sessions });
    http.expectOne(LINES).flush({ lines, dropped });
    await harness.fixture.whenStable();
  }

  /** Opens the page: sessions, lines with the drops, the configuration. */
  async function open(url: string, sessions: BngSession[], lines?: BngLine[], dropped: Record<string, number> = {},
                      config: BngConfig = STORED): Promise<void> {
    await harness.navigateByUrl(url);
    http.expectOne(CONFIG).flush(config);
    await reloaded(sessions, lines, dropped);
  }

  it('lists every session with its subscriber, addresses, line, entries, counters and end', async () => {
    await open('/bng', [ALICE, BOB, ANON]);
    expect(rows().length).toBe(3);
    expect(cells(rows()[0])).toEqual(['1', '02:00:00:00:01:01', 'alice', 'UP', '10.64.0.2', 'fd33:0:0:1::10:1', 'fd33:0:0:1::/64',
      'device:bng/1/100/10', '1', '17', '2026-11-29 09:59:50', 'INSTALLED', '1,500', '2,500', '—']);
    expect(cells(rows()[1])).toEqual(['2', '02:00:00:00:01:02', 'bob', 'ENDED', '—', '—', '—', 'device:bng/1/100/11', '—', '18',
      '2026-11-29 09:59:55', 'REQUESTED', '—', '—', 'PAP Authenticate-Nak']);
    expect(rows()[2].querySelector('.failure')?.textContent).toBe('device:edge: no /64 configured for S-tag 0, C-tag 7');
    expect(cells(rows()[2])[2]).toBe('—');
    expect(rows()[0].querySelector('button')?.getAttribute('aria-label')).toBe('Session 1 of alice (02:00:00:00:01:01)');
    expect(view().querySelector('.counters-note')?.textContent).toContain('again every 5 s (sessions are not on the live event stream)');
    expect(view().querySelector('.table-scroll')?.getAttribute('tabindex')).toBe('0');
    for (const [id, label] of [['state', 'State'], ['device', 'Device'], ['line', 'Line']]) {
      expect(view().querySelector(`label[for=bng-${id}]`)?.textContent).toBe(label);
    }
  });

  it('lists the access lines and what the relay dropped', async () => {
    await open('/bng', [ALICE], [LINE10, LINE11], { unknownSession: 3, malformed: 0, noServer: 1200 });
    expect(rows('lines').map(cells)).toEqual([
      ['device:bng/1/100/10', 'device:bng/1', '100', '10', '1', '1,234', '2026-11-29 10:00:05',
        'up 1,000/2,000 kbit/s, bursts 3,000/6,000 B · down unmetered'],
      ['device:bng/1/100/11', 'device:bng/1', '100', '11', 'not mapped', '3', '2026-11-29 10:00:05', 'unmetered']]);
    expect(rows('dropped').map(cells)).toEqual([['malformed', '0'], ['noServer', '1,200'], ['unknownSession', '3']]);
    expect(view().querySelectorAll('table.dropped td.bad').length).toBe(2);
  });

  it('filters by state, device and line, each in the URL', async () => {
    await open('/bng', [ALICE, BOB, ANON]);
    const options = (id: string) => Array.from((view().querySelector(`#bng-${id}`) as HTMLSelectElement).options).map((o) => o.value);
    expect(options('state')).toEqual(['', 'LINK', 'AUTHENTICATING', 'NETWORK', 'UP', 'ENDED']);
    expect(options('device')).toEqual(['', 'device:bng', 'device:edge']);
    expect(options('line')).toEqual(['', 'device:bng/1/100/10', 'device:bng/1/100/11', 'device:edge/3/0/7']);

    await choose('state', 'UP');
    expect(TestBed.inject(Router).url).toBe('/bng?state=UP');
    expect(rows().map((r) => cells(r)[0])).toEqual(['1', '3']);
    expect(view().querySelector('.shown-count')?.textContent).toContain('2 of 3 sessions shown');

    await choose('device', 'device:bng');
    expect(TestBed.inject(Router).url).toBe('/bng?state=UP&device=device:bng');
    expect(rows().map((r) => cells(r)[0])).toEqual(['1']);
    expect(options('line')).toEqual(['', 'device:bng/1/100/10', 'device:bng/1/100/11']);
    expect(rows('lines').map((r) => cells(r)[0])).toEqual(['device:bng/1/100/10', 'device:bng/1/100/11']);

    await harness.navigateByUrl('/bng?state=GONE');
    await harness.fixture.whenStable();
    expect((view().querySelector('#bng-state') as HTMLSelectElement).value).toBe('GONE');
    expect(view().querySelector('.status.empty')?.textContent).toContain('No sessions match these filters (3 in all)');
    await harness.navigateByUrl('/bng?state=UP&device=device:bng');
    await harness.fixture.whenStable();

    await choose('line', 'device:bng/1/100/11');
    expect(view().querySelector('.status.empty')?.textContent).toContain('No sessions match these filters (3 in all)');
    button('Show every session').click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/bng');
    expect(rows().length).toBe(3);

    // A line's name in the lines table filters the sessions by it, and again clears it.
    const lineButton = () => rows('lines')[1].querySelector('button') as HTMLButtonElement;
    expect(lineButton().getAttribute('aria-label')).toBe('Sessions of line device:bng/1/100/11');
    lineButton().click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/bng?line=device:bng%2F1%2F100%2F11');
    expect(rows().map((r) => cells(r)[0])).toEqual(['2']);
    expect(lineButton().getAttribute('aria-pressed')).toBe('true');
    lineButton().click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/bng');
  });

  it('says when there are no sessions, lines or drops, while loading, and when the sessions cannot be read', async () => {
    await open('/bng', [], []);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No PPPoE sessions: no subscriber has one now');
    expect(view().querySelector('.no-lines')?.textContent).toContain('No lines yet');
    expect(view().querySelector('.no-drops')?.textContent).toBe('None.');
    button('Refresh').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading PPPoE sessions');
    http.expectOne(SESSIONS).flush({ code: 500, message: 'relay thread died' }, { status: 500, statusText: 'Server Error' });
    http.expectOne(LINES).flush({ lines: [], dropped: {} });
    http.expectOne(CONFIG).flush(STORED);
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('The sessions could not be loaded: relay thread died');
    expect(view().querySelector('[role=alert]')?.textContent).not.toContain('not available');
  });

  it('says PPPoE (BNG) is not available on a controller without the relay (404 or 503)', async () => {
    await harness.navigateByUrl('/bng');
    http.expectOne(SESSIONS).flush('<html>HTTP 404 Not Found</html>', { status: 404, statusText: 'Not Found' });
    http.expectOne(LINES).flush('<html>HTTP 404 Not Found</html>', { status: 404, statusText: 'Not Found' });
    http.expectOne(CONFIG).flush('<html>HTTP 404 Not Found</html>', { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    const alerts = () => Array.from(view().querySelectorAll('[role=alert]')).map((a) => a.textContent ?? '');
    expect(alerts().length).toBe(3);
    for (const alert of alerts()) expect(alert).toContain('PPPoE (BNG) is not available on this controller');
    expect(view().querySelector('form [formcontrolname]')).toBeNull();

    button('Refresh').click();
    await harness.fixture.whenStable();
    const starting = { code: 503, message: 'Sixflow is starting or stopping (BngService); try again later' };
    http.expectOne(SESSIONS).flush(starting, { status: 503, statusText: 'Service Unavailable' });
    http.expectOne(LINES).flush(starting, { status: 503, statusText: 'Service Unavailable' });
    http.expectOne(CONFIG).flush(starting, { status: 503, statusText: 'Service Unavailable' });
    await harness.fixture.whenStable();
    expect(alerts()[0]).toContain(
      'PPPoE (BNG) is not available on this controller (Sixflow is starting or stopping (BngService); try again later)');
  });

  it('shows a session in detail with every counter of its line, and says why one cannot be shown', async () => {
    await open('/bng?session=1', [ALICE, BOB]);
    http.expectOne(`${SESSIONS}/1`).flush(ALICE);
    await harness.fixture.whenStable();
    expect(view().querySelector('#detail-heading')?.textContent).toBe('Session 1');
    expect(view().querySelector('table.sessions tr.selected td')?.textContent).toContain('1');
    expect(view().querySelector('.session-state')?.textContent).toContain('State: UP, entries INSTALLED');
    const facts = view().querySelector('.facts')!.textContent!;
    for (const text of ['Subscriberalice (02:00:00:00:01:01)', 'Server MAC02:00:00:00:00:02', 'PPPoE session id17',
      'IPv6 /64fd33:0:0:1::/64', 'Delegated prefix (DHCPv6)fd33:100:0:100::/56', 'Device and portdevice:bng/1', 'S-tag / C-tag100 / 10', 'Data plane line id1']) {
      expect(facts.replace(/\s+/g, '')).toContain(text.replace(/\s+/g, ''));
    }
    expect(rows('counters').map(cells)).toEqual([['DOWNSTREAM_TX', '2,500', '3,000,000'],
      ['UPSTREAM_DROPPED', '4', '400'], ['UPSTREAM_TX', '1,500', '150,000']]);

    await harness.navigateByUrl('/bng?session=2');
    http.expectOne(`${SESSIONS}/2`).flush(BOB);
    await harness.fixture.whenStable();
    expect(view().querySelector('.session-state')?.textContent).toContain('Ended: PAP Authenticate-Nak');
    expect(view().querySelector('.no-counters')).not.toBeNull();
    expect(button('Cut session')).toBeUndefined();
    expect(view().querySelector('.detail .actions')?.textContent).toContain('An ended session cannot be cut');

    await harness.navigateByUrl('/bng?session=3');
    http.expectOne(`${SESSIONS}/3`).flush(ANON);
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain(
      'UP; its entries failed on device:edge: no /64 configured for S-tag 0, C-tag 7');

    await harness.navigateByUrl('/bng?session=9');
    http.expectOne(`${SESSIONS}/9`).flush({ code: 404, message: 'No BNG session 9' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain('Cannot show session 9: No BNG session 9');
    button('Close').click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/bng');
  });

  it('cuts a session only after a confirmation that names the subscriber and takes the focus', async () => {
    await open('/bng?session=1', [ALICE]);
    http.expectOne(`${SESSIONS}/1`).flush(ALICE);
    await harness.fixture.whenStable();
    button('Cut session').click();
    await harness.fixture.whenStable();
    http.expectNone({ method: 'DELETE' });
    expect(view().querySelector('.confirm-cut')?.textContent).toContain('Cut the session of alice (02:00:00:00:01:01)?');
    expect(document.activeElement?.id).toBe('confirm-cut');
    expect(document.activeElement?.textContent?.trim()).toBe('Cut alice (02:00:00:00:01:01)');
    button('Keep it').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('#confirm-cut')).toBeNull();

    button('Cut session').click();
    await harness.fixture.whenStable();
    button('Cut alice').click();
    http.expectOne({ method: 'DELETE', url: `${SESSIONS}/1` })
      .flush({ code: 404, message: 'No BNG session 1 is going' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.cut-error')?.textContent).toContain('No BNG session 1 is going');

    button('Cut alice').click();
    http.expectOne({ method: 'DELETE', url: `${SESSIONS}/1` }).flush(null, { status: 204, statusText: 'No Content' });
    await harness.fixture.whenStable();
    const ended: BngSession = { ...ALICE, state: 'ENDED', endReason: 'cut by the operator', install: { state: 'REQUESTED' }, counters: {} };
    await reloaded([ended]);
    http.expectOne(`${SESSIONS}/1`).flush(ended);
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=status].notice')?.textContent).toContain(
      'Session 1 of alice (02:00:00:00:01:01) cut: a PADT went to the subscriber and to the server');
    expect(view().querySelector('.session-state')?.textContent).toContain('Ended: cut by the operator');
    expect(cells(rows()[0])[3]).toBe('ENDED');
    expect(view().querySelector('.cut-error')).toBeNull();
  });

  it('shows the configuration in a labelled form; the browser\'s checks send nothing and keep what was typed', async () => {
    await open('/bng', []);
    expect(field('server').value).toBe('device:bng/2');
    expect(field('echoIntervalSeconds').value).toBe('30');
    expect(field('echoMisses').value).toBe('4');
    expect(field('linePrefixes').value).toBe('100 10 fd33:0:0:1::/64');
    expect(field('prefixPool').value).toBe('');
    expect(field('delegatedPool').value).toBe('');
    expect(field('delegatedLength').value).toBe('');
    expect(field('forwardDevice').value).toBe('');
    for (const id of ['server', 'echoIntervalSeconds', 'echoMisses', 'linePrefixes', 'prefixPool', 'delegatedPool', 'delegatedLength',
      'forwardDevice']) {
      expect(view().querySelector(`label[for=config-${id}]`)?.textContent?.trim()).toBeTruthy();
      expect(field(id).getAttribute('aria-describedby')).toContain(`config-${id}-error`);
    }
    type(view(), '#config-server', '');
    type(view(), '#config-echoMisses', '0');
    type(view(), '#config-linePrefixes', '100 10 fd33:0:0:1::/64\n100 fd33::/64');
    button('Save configuration').click();
    await harness.fixture.whenStable();
    http.expectNone({ method: 'PUT' });
    expect(errorOf('server')).toContain('server is required');
    expect(errorOf('echoMisses')).toBe('echoMisses must be a whole number 1..100 (empty: 4), not "0"');
    expect(errorOf('linePrefixes')).toContain('line 2 ("100 fd33::/64"): must be "S-tag C-tag prefix [delegated]"');
    expect(errorOf('echoIntervalSeconds')).toBe('');
    expect(field('server').getAttribute('aria-invalid')).toBe('true');
    expect(field('echoIntervalSeconds').getAttribute('aria-invalid')).toBeNull();
    expect(field('echoMisses').value).toBe('0');
    expect(document.activeElement?.id).toBe('config-server');
  });

  it('puts the server\'s refusals beside their fields, keeps the typing through polls, then saves', async () => {
    await open('/bng', []);
    type(view(), '#config-server', 'device:bng');
    type(view(), '#config-prefixPool', 'fd33:1::1/48');
    type(view(), '#config-linePrefixes', '100 10 fd33:0:0:1::/64\n100 11 fd33::/48');
    button('Save configuration').click();
    const put = http.expectOne({ method: 'PUT', url: CONFIG });
    expect(put.request.body).toEqual({ server: 'device:bng', echoIntervalSeconds: 30, echoMisses: 4, prefixPool: 'fd33:1::1/48',
      delegatedPool: null, forwardDevice: null,
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 100, cTag: 11, prefix: 'fd33::/48' }] });
    put.flush({ code: 400, message: 'server: "device:bng" is not device/port; …', errors: [
      { field: 'server', message: '"device:bng" is not device/port' },
      { field: 'linePrefixes[1].prefix', message: 'fd33::/48 must be a /64' },
      { field: 'prefixPool', message: 'fd33:1::1/48 has bits set past its length (fd33:1::/48)' }] },
    { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(errorOf('server')).toBe('"device:bng" is not device/port');
    expect(errorOf('linePrefixes')).toBe('line 2 ("100 11 fd33::/48"): prefix fd33::/48 must be a /64');
    expect(errorOf('prefixPool')).toBe('fd33:1::1/48 has bits set past its length (fd33:1::/48)');
    expect(errorOf('echoMisses')).toBe('');
    expect(field('prefixPool').getAttribute('aria-invalid')).toBe('true');
    expect(field('server').value).toBe('device:bng');
    expect(document.activeElement?.id).toBe('config-server');

    // A refresh reads the configuration again, and leaves what is typed alone.
    button('Refresh').click();
    await harness.fixture.whenStable();
    http.expectOne(CONFIG).flush(STORED);
    await reloaded([]);
    expect(field('server').value).toBe('device:bng');
    expect(field('linePrefixes').value).toBe('100 10 fd33:0:0:1::/64\n100 11 fd33::/48');

    type(view(), '#config-server', 'device:bng/2');
    type(view(), '#config-prefixPool', 'fd33:1::/48');
    type(view(), '#config-linePrefixes', '100 10 fd33:0:0:1::/64\n100 11 fd33:0:0:2::/64');
    type(view(), '#config-echoIntervalSeconds', '');
    button('Save configuration').click();
    const saved: BngConfig = { server: 'device:bng/2', echoIntervalSeconds: 30, echoMisses: 4, prefixPool: 'fd33:1::/48',
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 100, cTag: 11, prefix: 'fd33:0:0:2::/64' }] };
    const second = http.expectOne({ method: 'PUT', url: CONFIG });
    expect(second.request.body.echoIntervalSeconds).toBeUndefined();
    second.flush(saved);
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=status].notice')?.textContent).toContain('BNG configuration saved.');
    expect(errorOf('server')).toBe('');
    expect(field('echoIntervalSeconds').value).toBe('30');
    expect(field('prefixPool').value).toBe('fd33:1::/48');
    expect(button('Discard my changes').disabled).toBeTrue();
  });

  it('puts a refusal that names no field under the form; discarding goes back to the stored configuration', async () => {
    await open('/bng', []);
    type(view(), '#config-echoIntervalSeconds', '10');
    await harness.fixture.whenStable();
    expect(button('Discard my changes').disabled).toBeFalse();
    button('Save configuration').click();
    http.expectOne({ method: 'PUT', url: CONFIG }).flush({ code: 503, message: 'Sixflow is starting or stopping (BngService)' },
      { status: 503, statusText: 'Service Unavailable' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.form-error')?.textContent).toContain('Sixflow is starting or stopping (BngService)');
    expect(field('echoIntervalSeconds').value).toBe('10');
    button('Discard my changes').click();
    await harness.fixture.whenStable();
    expect(field('echoIntervalSeconds').value).toBe('30');
    expect(view().querySelector('.form-error')).toBeNull();
  });

  it('reads sessions and lines again every 5 s, quietly', async () => {
    jasmine.clock().install();
    try {
      await open('/bng', [ALICE]);
      jasmine.clock().tick(4900);
      await harness.fixture.whenStable();
      http.expectNone(SESSIONS);
      jasmine.clock().tick(100);
      await harness.fixture.whenStable();
      expect(view().querySelector('.status.loading')).toBeNull();
      expect(rows().length).toBe(1);
      await reloaded([ALICE, BOB]);
      expect(rows().length).toBe(2);
      http.expectNone(CONFIG);
    } finally {
      jasmine.clock().uninstall();
    }
  });
});
