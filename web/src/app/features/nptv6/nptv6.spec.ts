// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { PortCounters } from '../../core/api-models';
import { Nptv6Mapping } from './nptv6-models';
import { FakeStream, routedView, type } from '../../core/testing';
import { Nptv6View } from './nptv6';

const BASE = '/onos/sixflow/v1';
const LIST = `${BASE}/nptv6/mappings?limit=1000`;
const PORTS = `${BASE}/telemetry/ports`;

const ISP1: Nptv6Mapping = {
  id: 'isp1', internalPrefix: 'fd01:203:405::/48', externalPrefix: '2001:db8:1::/48', uplink: 'device:beijing/2',
  state: 'INSTALLED',
};
const ISP2: Nptv6Mapping = { ...ISP1, id: 'isp2', externalPrefix: '2001:db8:2::/48', uplink: 'device:beijing/3' };
const NANJING: Nptv6Mapping = {
  id: 'site-b', internalPrefix: 'fd02::/32', externalPrefix: '2001:db9::/32', uplink: 'device:nanjing/4', state: 'FAILED',
  failure: { deviceId: 'device:nanjing', reason: 'runs profile full, which has no NPTV6' },
};

/** A gNMI reading of a port: 10 s after 1,000,000 packets in, at rate pkt/s in and half that out (800-byte packets). */
function reading(device: string, port: string, time: string, rate: number): PortCounters {
  return { device, port, time, inPackets: 1_000_000 + 10 * rate, outPackets: 500_000 + 5 * rate,
    inOctets: 800 * (1_000_000 + 10 * rate), outOctets: 800 * (500_000 + 5 * rate), inDiscards: 0, outDiscards: 3,
    inErrors: 0, outErrors: null, inPacketsPerSecond: rate, outPacketsPerSecond: rate / 2,
    inBitsPerSecond: rate * 6400, outBitsPerSecond: rate * 3200 };
}

describe('Nptv6View', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;
  let stream: FakeStream;

  beforeEach(async () => {
    stream = new FakeStream();
    harness = await routedView('nptv6', Nptv6View, stream);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const field = (id: string) => view().querySelector(`#mapping-${id}`) as HTMLInputElement;
  const errorOf = (id: string) => view().querySelector(`#mapping-${id}-error`)?.textContent?.trim();
  const rows = () => Array.from(view().querySelectorAll('table.mappings tbody tr'));
  /** A row's cells as read, spaces collapsed. */
  const cells = (row: Element) => Array.from(row.querySelectorAll('td, th'))
    .map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim());
  const devices = () => http.expectOne(`${BASE}/devices`).flush({ devices: [{ id: 'device:nanjing' }, { id: 'device:beijing' }] });

  /** Opens the page: the devices for the uplink input, every mapping, the ports' latest readings. */
  async function open(url: string, mappings: Nptv6Mapping[], ports: PortCounters[] = []): Promise<void> {
    await harness.navigateByUrl(url);
    devices();
    http.expectOne(LIST).flush({ mappings, total: mappings.length, next: null });
    http.expectOne(PORTS).flush({ ports });
    await harness.fixture.whenStable();
  }

  /** Answers the reads a refresh makes. */
  async function reloaded(mappings: Nptv6Mapping[], ports: PortCounters[] = []): Promise<void> {
    http.expectOne(LIST).flush({ mappings, total: mappings.length, next: null });
    http.expectOne(PORTS).flush({ ports });
    await harness.fixture.whenStable();
  }

  function fillGoodForm(): void {
    type(view(), '#mapping-id', 'isp3');
    type(view(), '#mapping-internalPrefix', 'fd01:203:405::/48');
    type(view(), '#mapping-externalPrefix', '2001:db8:3::/48');
    type(view(), '#mapping-uplink', 'device:beijing/4');
  }

  it('lists the mappings with their state and their uplink port\'s counters and rates', async () => {
    await open('/nptv6', [ISP1, ISP2, NANJING], [
      reading('device:beijing', '2', '2026-11-22T10:00:00Z', 1000), reading('device:beijing', '1', '2026-11-22T10:00:00Z', 7)]);
    expect(rows().length).toBe(3);
    expect(cells(rows()[0])).toEqual(['isp1', 'fd01:203:405::/48', '2001:db8:1::/48', 'device:beijing/2', 'INSTALLED',
      '1,000', '500', '6.4 Mb/s', '3.2 Mb/s', '1,010,000', '505,000', '808,000,000', '404,000,000', '2026-11-22 10:00:00']);
    // No reading of beijing's port 3: nothing is made up.
    expect(cells(rows()[1]).slice(5)).toEqual(['no gNMI readings of this port yet']);
    expect(rows()[2].querySelector('.failure')?.textContent).toBe('device:nanjing: runs profile full, which has no NPTV6');
    expect(rows()[2].querySelector('.state')?.getAttribute('data-state')).toBe('FAILED');
    expect(Array.from(view().querySelectorAll('#mapping-device-ids option')).map((o) => (o as HTMLOptionElement).value))
      .toEqual(['device:beijing/', 'device:nanjing/']);
    expect(view().querySelector('.table-scroll')?.getAttribute('tabindex')).toBe('0');
    expect(view().querySelector('label[for=nptv6-device]')?.textContent).toBe('Uplink device');
  });

  it('replaces an uplink\'s counters live as readings arrive, never with an older one', async () => {
    await open('/nptv6?mapping=isp1', [ISP1], [reading('device:beijing', '2', '2026-11-22T10:00:00Z', 1000)]);
    http.expectOne(`${BASE}/nptv6/mappings/isp1`).flush({ ...ISP1, entries: [] });
    await harness.fixture.whenStable();
    stream.emit('ports', reading('device:beijing', '2', '2026-11-22T10:00:10Z', 2000));
    stream.emit('ports', reading('device:beijing', '2', '2026-11-22T09:00:00Z', 5));
    stream.emit('ports', reading('device:wuhan', '2', '2026-11-22T10:00:20Z', 9));
    await harness.fixture.whenStable();
    expect(cells(rows()[0]).slice(5, 9)).toEqual(['2,000', '1,000', '12.8 Mb/s', '6.4 Mb/s']);
    const detail = Array.from(view().querySelectorAll('.detail table.counters tbody tr')).map(cells);
    expect(detail).toEqual([['In (from the provider)', '1,020,000', '816,000,000', '2,000', '12.8 Mb/s', '0', '0'],
      ['Out (to the provider)', '510,000', '408,000,000', '1,000', '6.4 Mb/s', '3', '—']]);
    expect(view().querySelector('.detail td.bad')?.textContent).toBe('3');
    expect(view().querySelector('.detail caption')?.textContent).toContain('2026-11-22 10:00:10');
    expect(view().querySelector('.live')?.textContent).toContain('Live updates:');
  });

  it('filters by the uplink device, the choice in the URL', async () => {
    await open('/nptv6', [ISP1, ISP2, NANJING]);
    const select = view().querySelector('#nptv6-device') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['', 'device:beijing', 'device:nanjing']);
    select.value = 'device:nanjing';
    select.dispatchEvent(new Event('change'));
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/nptv6?device=device:nanjing');
    expect(rows().map((r) => cells(r)[0])).toEqual(['site-b']);
    expect(view().querySelector('.shown-count')?.textContent).toContain('1 of 3 mappings shown');

    await harness.navigateByUrl('/nptv6?device=device:tokyo');
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No mappings on device:tokyo (3 in all)');
    expect((view().querySelector('#nptv6-device') as HTMLSelectElement).value).toBe('device:tokyo');
    button('Show every device').click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/nptv6');
    expect(rows().length).toBe(3);
  });

  it('says when there are none, while loading, and when the list cannot be read', async () => {
    await open('/nptv6', []);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No NPTv6 mappings yet');
    button('Refresh').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading NPTv6 mappings');
    http.expectOne(LIST).flush({ code: 500, message: 'store down' }, { status: 500, statusText: 'Server Error' });
    http.expectOne(PORTS).flush({ ports: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('The mappings could not be loaded: store down');
    expect(view().querySelector('[role=alert]')?.textContent).not.toContain('not available');
  });

  it('says NPTv6 is not available on a controller without the service (404 or 503)', async () => {
    await harness.navigateByUrl('/nptv6');
    devices();
    http.expectOne(LIST).flush('<html>HTTP 404 Not Found</html>', { status: 404, statusText: 'Not Found' });
    http.expectOne(PORTS).flush({ ports: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('NPTv6 is not available on this controller');

    button('Refresh').click();
    await harness.fixture.whenStable();
    http.expectOne(LIST).flush({ code: 503, message: 'Sixflow is starting or stopping (Nptv6MappingService); try again later' },
      { status: 503, statusText: 'Service Unavailable' });
    http.expectOne(PORTS).flush({ ports: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain(
      'NPTv6 is not available on this controller (Sixflow is starting or stopping (Nptv6MappingService); try again later)');
  });

  it('says when the port counters cannot be read, and still lists the mappings', async () => {
    await harness.navigateByUrl('/nptv6');
    devices();
    http.expectOne(LIST).flush({ mappings: [ISP1], total: 1, next: null });
    http.expectOne(PORTS).flush({ code: 503, message: 'history database is down' }, { status: 503, statusText: 'x' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.ports-error')?.textContent).toContain('history database is down');
    expect(cells(rows()[0]).slice(5)).toEqual(['not read']);
  });

  it('shows a mapping in detail with its entries, a link to its port\'s rates, and why it failed', async () => {
    await open('/nptv6?mapping=isp1', [ISP1], [reading('device:beijing', '2', '2026-11-22T10:00:00Z', 1000)]);
    http.expectOne(`${BASE}/nptv6/mappings/isp1`).flush({ ...ISP1, entries: [
      'nptv6_outbound {2, fd01:203:405::/48} -> translate_source(…)', 'nptv6_inbound {2001:db8:1::/48} -> translate_destination(…)'] });
    await harness.fixture.whenStable();
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Mapping isp1');
    expect(view().querySelector('table.mappings tr.selected')?.textContent).toContain('isp1');
    expect(view().querySelector('.mapping-state')?.textContent).toContain('State: INSTALLED');
    expect(view().querySelector('.facts')?.textContent).toContain('Uplinkdevice:beijing/2');
    expect(view().querySelector('.detail h3:last-of-type')?.textContent).toBe('Entries on device:beijing');
    expect(view().querySelectorAll('.entries-list li').length).toBe(2);
    expect(view().querySelector('a.port-history')?.getAttribute('href')).toBe('/ports?device=device:beijing&port=2');

    await harness.navigateByUrl('/nptv6?mapping=site-b');
    http.expectOne(`${BASE}/nptv6/mappings/site-b`).flush({ ...NANJING, entries: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain(
      'Failed on device:nanjing: runs profile full, which has no NPTV6');
    expect(view().querySelector('.no-port-counters')?.textContent).toContain('no readings of device:nanjing/4 yet');
    expect(view().querySelector('.no-entries')).not.toBeNull();

    await harness.navigateByUrl('/nptv6?mapping=gone');
    http.expectOne(`${BASE}/nptv6/mappings/gone`).flush({ code: 404, message: 'No NPTv6 mapping gone' },
      { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain('Cannot show mapping gone: No NPTv6 mapping gone');
  });

  it('checks the form in the browser first: nothing is sent, errors sit beside their fields, input is kept', async () => {
    await open('/nptv6', []);
    type(view(), '#mapping-id', 'isp 3');
    type(view(), '#mapping-internalPrefix', 'fd01::/64');
    type(view(), '#mapping-externalPrefix', '2001:db8:3::/48');
    type(view(), '#mapping-uplink', 'device:beijing');
    button('Create mapping').click();
    await harness.fixture.whenStable();
    http.expectNone({ method: 'POST' });
    expect(errorOf('id')).toContain('must be 1-64 letters');
    expect(errorOf('internalPrefix')).toBe('internalPrefix fd01::/64: the length must be 1..48');
    expect(errorOf('externalPrefix')).toBe('');
    expect(errorOf('uplink')).toContain('must be device/port with a port number');
    expect(field('uplink').getAttribute('aria-invalid')).toBe('true');
    expect(field('externalPrefix').getAttribute('aria-invalid')).toBeNull();
    expect(field('uplink').getAttribute('aria-describedby')).toContain('mapping-uplink-error');
    expect(field('internalPrefix').value).toBe('fd01::/64');
    expect(document.activeElement?.id).toBe('mapping-id');
    for (const id of ['id', 'internalPrefix', 'externalPrefix', 'uplink']) {
      expect(view().querySelector(`label[for=mapping-${id}]`)?.textContent?.trim()).toBeTruthy();
    }
  });

  it('creates a mapping and opens it', async () => {
    await open('/nptv6', [ISP1]);
    fillGoodForm();
    button('Create mapping').click();
    const create = http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` });
    expect(create.request.body).toEqual({
      id: 'isp3', internalPrefix: 'fd01:203:405::/48', externalPrefix: '2001:db8:3::/48', uplink: 'device:beijing/4' });
    const created: Nptv6Mapping = { ...create.request.body, state: 'REQUESTED' };
    create.flush({ mapping: created }, { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=status].notice')?.textContent).toContain(
      'Mapping isp3 requested: the ONOS instance that owns it installs it.');
    expect(field('id').value).toBe('');
    expect(TestBed.inject(Router).url).toBe('/nptv6?mapping=isp3');
    await reloaded([ISP1, { ...created, state: 'INSTALLED' }]);
    http.expectOne(`${BASE}/nptv6/mappings/isp3`).flush({ ...created, state: 'INSTALLED', entries: ['e'] });
    await harness.fixture.whenStable();
    expect(rows().length).toBe(2);
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Mapping isp3');
  });

  it('asks every second while a mapping is requested, until it is installed', async () => {
    jasmine.clock().install();
    try {
      await open('/nptv6', [{ ...ISP1, state: 'REQUESTED' }]);
      jasmine.clock().tick(1000);
      await harness.fixture.whenStable();
      await reloaded([ISP1]);
      expect(cells(rows()[0])[4]).toBe('INSTALLED');
      jasmine.clock().tick(5000);
      await harness.fixture.whenStable();
      http.expectNone(LIST);
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('shows the server\'s refusals beside the fields they name, keeping what was typed', async () => {
    await open('/nptv6', [ISP1]);
    fillGoodForm();
    type(view(), '#mapping-internalPrefix', 'fd01:203:405::1/48');
    button('Create mapping').click();
    http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` }).flush({ code: 400,
      message: 'internalPrefix: fd01:203:405::1/48 has bits set past its length (did you mean fd01:203:405::/48?)',
      errors: [{ field: 'internalPrefix', message: 'fd01:203:405::1/48 has bits set past its length (did you mean fd01:203:405::/48?)' }] },
    { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(errorOf('internalPrefix')).toBe('fd01:203:405::1/48 has bits set past its length (did you mean fd01:203:405::/48?)');
    expect(field('internalPrefix').getAttribute('aria-invalid')).toBe('true');
    expect(field('internalPrefix').value).toBe('fd01:203:405::1/48');

    type(view(), '#mapping-internalPrefix', 'fd01:203:405::/48');
    type(view(), '#mapping-uplink', 'device:beijing/9');
    button('Create mapping').click();
    http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` }).flush({ code: 400,
      message: 'mapping isp3: uplink: device:beijing has no port 9; externalPrefix: 2001:db8:3::/48 overlaps mapping isp1\'s'
        + ' external prefix 2001:db8::/32 on device:beijing (nptv6_inbound matches the destination alone, on every port)' },
    { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(errorOf('internalPrefix')).toBe('');
    expect(errorOf('uplink')).toBe('uplink: device:beijing has no port 9');
    expect(errorOf('externalPrefix')).toContain('overlaps mapping isp1\'s external prefix');
    expect(field('uplink').value).toBe('device:beijing/9');
    expect(field('id').value).toBe('isp3');

    button('Create mapping').click();
    http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` }).flush(
      { code: 409, message: 'NPTv6 mapping id isp3 is in use' }, { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(errorOf('id')).toBe('NPTv6 mapping id isp3 is in use');
    expect(errorOf('uplink')).toBe('');

    button('Create mapping').click();
    http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` }).flush(
      { code: 409, message: 'device:beijing table nptv6_inbound holds 1 entry, 1 in use, this mapping needs 1 more' },
      { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(errorOf('id')).toBe('');
    expect(view().querySelector('.form-error')?.textContent).toContain('table nptv6_inbound holds 1 entry');
  });

  it('deletes only after a confirmation that takes the focus', async () => {
    await open('/nptv6?mapping=isp1', [ISP1]);
    http.expectOne(`${BASE}/nptv6/mappings/isp1`).flush({ ...ISP1, entries: [] });
    await harness.fixture.whenStable();
    button('Delete mapping').click();
    await harness.fixture.whenStable();
    http.expectNone({ method: 'DELETE' });
    expect(document.activeElement?.id).toBe('confirm-delete');
    button('Keep it').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('#confirm-delete')).toBeNull();

    button('Delete mapping').click();
    await harness.fixture.whenStable();
    button('Really delete isp1').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/nptv6/mappings/isp1` })
      .flush({ code: 404, message: 'No NPTv6 mapping isp1' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.remove-error')?.textContent).toContain('No NPTv6 mapping isp1');

    button('Really delete isp1').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/nptv6/mappings/isp1` }).flush(null, { status: 204, statusText: 'No Content' });
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/nptv6');
    await reloaded([]);
    expect(view().textContent).toContain('Mapping isp1 removed.');
    expect(view().querySelector('.detail')).toBeNull();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No NPTv6 mappings yet');
  });
});
