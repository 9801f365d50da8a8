// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { GtpuPaths, GtpuTunnel, GtpuTunnelRequest } from './gtpu-models';
import { PATHS as SOME_PATHS } from './paths.spec';
import { routedView, type } from '../../core/testing';
import { COUNTER_POLL_MS, TUNNEL_PAGE_SIZE, TunnelsView } from './tunnels';

const BASE = '/onos/sixflow/v1';
const LIST = `${BASE}/gtpu/tunnels?limit=${TUNNEL_PAGE_SIZE}`;
const PATHS = `${BASE}/gtpu/paths`;
const NO_PATHS: GtpuPaths = { echoIntervalSeconds: 60, echoMisses: 3, nextRound: null, paths: [] };

const UE: GtpuTunnel = {
  id: 'ue-1001', uePrefixes: ['fd00:9:1::/64', 'fd00:9:2::/64'], n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:7::1',
  downlinkTeid: 4000000000, uplinkTeid: 17, qfi: 9, checksumMode: 'INCREMENTAL', acceptZeroChecksum: true,
  decapDevice: 'device:beijing', encapDevices: ['device:beijing', 'device:nanjing'], counterIndex: 3, state: 'INSTALLED',
  counters: { downlinkPackets: 1234567, downlinkBytes: 98765432, uplinkPackets: 12, uplinkBytes: 1536, unreadDevices: [] },
};

describe('TunnelsView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('tunnels', TunnelsView);
    http = TestBed.inject(HttpTestingController);
  });

  // The paths are read again with every reload of the page; tests that do not look at them leave them unanswered.
  afterEach(() => {
    http.match(PATHS).filter((r) => !r.cancelled).forEach((r) => r.flush(NO_PATHS));
    http.verify();
  });

  const view = () => harness.routeNativeElement!;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const field = (id: string) => view().querySelector(`#tunnel-${id}`) as HTMLInputElement;
  const errorOf = (id: string) => view().querySelector(`#tunnel-${id}-error`)?.textContent?.trim();
  /** A row's cells as read: list items one by one, other text with its spaces collapsed. */
  const cells = (row: Element) => Array.from(row.querySelectorAll('td, th')).map((cell) => {
    const parts = cell.querySelectorAll('li, span');
    return (parts.length ? Array.from(parts).map((p) => p.textContent!.trim()).join(' ') : cell.textContent!)
      .replace(/\s+/g, ' ').trim();
  });
  const devices = () => http.expectOne(`${BASE}/devices`).flush({ devices: [{ id: 'device:nanjing' }, { id: 'device:beijing' }] });

  /** Opens the page (devices read for the device inputs, one page of tunnels, the paths). */
  async function open(url: string, tunnels: GtpuTunnel[], total = tunnels.length, next: number | null = null,
                      paths: GtpuPaths = NO_PATHS): Promise<void> {
    await harness.navigateByUrl(url);
    devices();
    http.expectOne((r) => r.urlWithParams.startsWith(LIST)).flush({ tunnels, total, next });
    http.expectOne(PATHS).flush(paths);
    await harness.fixture.whenStable();
  }

  function fillGoodForm(): void {
    type(view(), '#tunnel-id', 'ue-2002');
    type(view(), '#tunnel-uePrefixes', 'fd00:9:3::/64');
    type(view(), '#tunnel-n3Address', 'fd00:1:1::2152');
    type(view(), '#tunnel-peerAddress', 'fd00:7::2');
    type(view(), '#tunnel-downlinkTeid', '100');
    type(view(), '#tunnel-uplinkTeid', '200');
    type(view(), '#tunnel-decapDevice', 'device:beijing');
  }

  it('lists the tunnels with their fields, state and counters, and offers the known devices', async () => {
    const failed: GtpuTunnel = { ...UE, id: 'ue-1002', state: 'FAILED', checksumMode: 'FULL',
      failure: { deviceId: 'device:tofino1', reason: 'FULL checksum is not possible on Tofino' },
      counters: { ...UE.counters, unreadDevices: ['device:nanjing'] } };
    delete failed.qfi;
    await open('/tunnels', [UE, failed]);
    const rows = view().querySelectorAll('table.tunnels tbody tr');
    expect(rows.length).toBe(2);
    expect(cells(rows[0])).toEqual(['ue-1001', 'fd00:9:1::/64 fd00:9:2::/64', 'fd00:1:1::2152', 'fd00:7::1',
      '4000000000 / 17', '9', 'INCREMENTAL', 'yes', 'device:beijing', 'device:beijing device:nanjing', 'INSTALLED',
      '1,234,567', '98,765,432', '12', '1,536', '—']);
    const second = cells(rows[1]);
    expect(second[5]).toBe('none');
    expect(second[10]).toBe('FAILED device:tofino1: FULL checksum is not possible on Tofino');
    expect(second[15]).toBe('device:nanjing');
    expect(rows[1].querySelector('.state')?.getAttribute('data-state')).toBe('FAILED');
    expect(Array.from(view().querySelectorAll('#tunnel-device-ids option')).map((o) => (o as HTMLOptionElement).value))
      .toEqual(['device:beijing', 'device:nanjing']);
    expect(view().querySelector('.table-scroll')?.getAttribute('tabindex')).toBe('0');
  });

  it('says when there are none, and when the list cannot be read', async () => {
    await open('/tunnels', []);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No tunnels yet');
    expect(view().querySelector('nav.pager')).toBeNull();

    button('Refresh').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading tunnels');
    http.expectOne(LIST).flush({ code: 500, message: 'store down' }, { status: 500, statusText: 'Server Error' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('store down');
  });

  it('pages as the API pages, the offset in the URL', async () => {
    const page = Array.from({ length: 2 }, (_, i) => ({ ...UE, id: `ue-${i}` }));
    await open('/tunnels', page, 120, 50);
    expect(view().querySelector('nav.pager .range')?.textContent).toContain('Tunnels 1–2 of 120');
    expect(button('Previous page').disabled).toBeTrue();
    button('Next page').click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/tunnels?offset=50');
    http.expectOne(`${LIST}&offset=50`).flush({ tunnels: [{ ...UE, id: 'ue-50' }], total: 120, next: 100 });
    await harness.fixture.whenStable();
    expect(view().querySelector('nav.pager .range')?.textContent).toContain('Tunnels 51–51 of 120');
    expect(button('Previous page').disabled).toBeFalse();
    button('Previous page').click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/tunnels');
    http.expectOne(LIST).flush({ tunnels: page, total: 120, next: 50 });
    await harness.fixture.whenStable();
  });

  it('offers the first page when the one in the URL has run empty', async () => {
    await open('/tunnels?offset=100', [], 40, null);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No tunnels from number 101 on (40 in all)');
    button('First page').click();
    await harness.fixture.whenStable();
    http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
    await harness.fixture.whenStable();
    expect(view().querySelectorAll('table.tunnels tbody tr').length).toBe(1);
  });

  it('reads the counters again every few seconds without blanking the page or the form', async () => {
    jasmine.clock().install();
    try {
      await open('/tunnels?tunnel=ue-1001', [UE]);
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
      await harness.fixture.whenStable();
      type(view(), '#tunnel-id', 'half-typed');
      jasmine.clock().tick(COUNTER_POLL_MS - 1);
      await harness.fixture.whenStable();
      http.expectNone(LIST);

      jasmine.clock().tick(1);
      await harness.fixture.whenStable();
      expect(view().querySelector('table.tunnels tbody td:nth-child(12)')?.textContent?.trim()).toBe('1,234,567');
      const more = { ...UE.counters, downlinkPackets: 1234600, unreadDevices: ['device:nanjing'] };
      http.expectOne(LIST).flush({ tunnels: [{ ...UE, counters: more }], total: 1, next: null });
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, counters: more, deviceEntries: {} });
      await harness.fixture.whenStable();
      expect(view().querySelector('table.tunnels tbody td:nth-child(12)')?.textContent?.trim()).toBe('1,234,600');
      expect(view().querySelector('.unread-devices')?.textContent).toContain('device:nanjing could not be read');
      expect(field('id').value).toBe('half-typed');
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('asks every second while a tunnel is requested, until it is installed', async () => {
    jasmine.clock().install();
    try {
      await open('/tunnels', [{ ...UE, state: 'REQUESTED' }]);
      jasmine.clock().tick(1000);
      await harness.fixture.whenStable();
      http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
      await harness.fixture.whenStable();
      jasmine.clock().tick(1000);
      await harness.fixture.whenStable();
      http.expectNone(LIST);
      jasmine.clock().tick(COUNTER_POLL_MS - 1000);
      await harness.fixture.whenStable();
      http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
      await harness.fixture.whenStable();
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('shows a tunnel in detail with its counters and entries per device', async () => {
    await open('/tunnels?tunnel=ue-1001', [UE]);
    http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {
      'device:beijing': ['gtpu_n3 {fd00:1:1::2152} -> set_n3(1)', 'gtpu_decap {fd00:1:1::2152, 17} -> decap(3)'],
      'device:nanjing': ['gtpu_encap {fd00:9:1::/64} -> encap(3, ...)'] } });
    await harness.fixture.whenStable();
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Tunnel ue-1001');
    expect(view().querySelector('table.tunnels tr.selected')?.textContent).toContain('ue-1001');
    expect(view().querySelector('.tunnel-state')?.textContent).toContain('State: INSTALLED');
    expect(view().querySelector('.facts')?.textContent).toContain('Counter index3');
    const counters = Array.from(view().querySelectorAll('table.counters tbody tr')).map(cells);
    expect(counters).toEqual([['Downlink (encapsulated)', '1,234,567', '98,765,432'], ['Uplink (decapsulated)', '12', '1,536']]);
    expect(view().querySelector('.unread-devices')).toBeNull();
    const entries = view().querySelectorAll('table.device-entries tbody tr');
    expect(entries.length).toBe(2);
    expect(entries[0].querySelectorAll('li').length).toBe(2);
  });

  it('shows the paths the tunnels use, and the selected tunnel\'s path in its detail, read again with the counters', async () => {
    jasmine.clock().install();
    try {
      await open('/tunnels?tunnel=ue-1001', [UE], 1, null, SOME_PATHS);
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
      await harness.fixture.whenStable();
      expect(view().querySelectorAll('table.paths tbody tr').length).toBe(3);
      expect(view().querySelector('.tunnel-path')?.textContent?.replace(/\s+/g, ' ').trim())
        .toMatch(/^UP: the peer answered the last Echo Request; last answer Dec [56], 2026, [\d:]+ [AP]M$/);
      expect(view().querySelector('.tunnel-path .path-state')?.getAttribute('data-state')).toBe('UP');

      // Read again with the counters: the peer stopped answering.
      jasmine.clock().tick(COUNTER_POLL_MS);
      await harness.fixture.whenStable();
      http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
      const down = { ...SOME_PATHS.paths[0], state: 'DOWN' as const, missed: 3, requestsSent: 1203 };
      http.expectOne(PATHS).flush({ ...SOME_PATHS, paths: [down] });
      await harness.fixture.whenStable();
      expect(view().querySelector('.tunnel-path')?.textContent).toContain('DOWN: 3 Echo Requests in a row unanswered');
      expect(view().querySelectorAll('table.paths tbody tr').length).toBe(1);

      // Its path not listed (the tunnel is newer than the paths read); a failed read is said, the tunnels stay.
      jasmine.clock().tick(COUNTER_POLL_MS);
      await harness.fixture.whenStable();
      http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
      http.expectOne(PATHS).flush(NO_PATHS);
      await harness.fixture.whenStable();
      expect(view().querySelector('.tunnel-path')?.textContent)
        .toContain('not listed yet (read again with the counters)');
      button('Refresh').click();
      await harness.fixture.whenStable();
      http.expectOne(LIST).flush({ tunnels: [UE], total: 1, next: null });
      http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
      http.expectOne(PATHS).flush({ code: 503, message: 'not running' }, { status: 503, statusText: 'Unavailable' });
      await harness.fixture.whenStable();
      expect(view().querySelector('.paths-error')?.textContent).toContain('The paths could not be read');
      expect(view().querySelector('.tunnel-path')?.textContent).toContain('could not be read');
      expect(view().querySelectorAll('table.tunnels tbody tr').length).toBe(1);
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('shows why a tunnel failed, and says when it cannot be shown', async () => {
    await open('/tunnels?tunnel=ue-1002', []);
    http.expectOne(`${BASE}/gtpu/tunnels/ue-1002`).flush({ ...UE, id: 'ue-1002', state: 'FAILED', deviceEntries: {},
      failure: { deviceId: 'device:tofino1', reason: 'FULL checksum is not possible on Tofino' } });
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain(
      'Failed on device:tofino1: FULL checksum is not possible on Tofino');
    expect(view().querySelector('.detail .status.empty')?.textContent).toContain('No entries');

    await harness.navigateByUrl('/tunnels?tunnel=gone');
    http.expectOne(`${BASE}/gtpu/tunnels/gone`).flush({ code: 404, message: 'no tunnel gone' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.detail [role=alert]')?.textContent).toContain('Cannot show tunnel gone: no tunnel gone');
  });

  it('checks the form in the browser first: nothing is sent, errors sit beside their fields, input is kept', async () => {
    await open('/tunnels', []);
    type(view(), '#tunnel-id', 'UE 1');
    type(view(), '#tunnel-uePrefixes', 'fd00:9::/64\nfd00:zz::/64');
    type(view(), '#tunnel-n3Address', 'fd00:1:1::2152');
    type(view(), '#tunnel-peerAddress', 'fd00:1:1:0:0::2152');
    type(view(), '#tunnel-downlinkTeid', '0');
    type(view(), '#tunnel-uplinkTeid', '4294967296');
    type(view(), '#tunnel-qfi', '64');
    button('Create tunnel').click();
    await harness.fixture.whenStable();
    http.expectNone(`${BASE}/gtpu/tunnels/validate`);
    expect(errorOf('id')).toContain('1-32 lower-case letters');
    expect(errorOf('uePrefixes')).toContain('"fd00:zz::/64" is not an IPv6 prefix');
    expect(errorOf('n3Address')).toBe('');
    expect(errorOf('peerAddress')).toBe('peerAddress must differ from n3Address');
    expect(errorOf('downlinkTeid')).toBe('downlinkTeid must be 1..4294967295, not 0');
    expect(errorOf('uplinkTeid')).toContain('not 4294967296');
    expect(errorOf('qfi')).toBe('qfi must be 0..63, not 64');
    expect(errorOf('decapDevice')).toBe('decapDevice is required');
    expect(field('qfi').getAttribute('aria-invalid')).toBe('true');
    expect(field('n3Address').getAttribute('aria-invalid')).toBeNull();
    expect(field('qfi').getAttribute('aria-describedby')).toContain('tunnel-qfi-error');
    expect(field('uePrefixes').value).toBe('fd00:9::/64\nfd00:zz::/64');
    expect(document.activeElement?.id).toBe('tunnel-id');

    button('Check tunnel').click();
    await harness.fixture.whenStable();
    http.expectNone(`${BASE}/gtpu/tunnels/validate`);
  });

  it('validates before creating, then creates and opens the tunnel', async () => {
    await open('/tunnels', []);
    fillGoodForm();
    type(view(), '#tunnel-qfi', '5');
    type(view(), '#tunnel-encapDevices', 'device:nanjing\ndevice:beijing');
    (view().querySelector('#tunnel-checksumMode') as HTMLSelectElement).value = 'ZERO';
    view().querySelector('#tunnel-checksumMode')!.dispatchEvent(new Event('change'));
    (view().querySelector('#tunnel-acceptZeroChecksum') as HTMLInputElement).click();
    button('Create tunnel').click();
    const body: GtpuTunnelRequest = {
      id: 'ue-2002', uePrefixes: ['fd00:9:3::/64'], n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:7::2',
      downlinkTeid: 100, uplinkTeid: 200, qfi: 5, checksumMode: 'ZERO', acceptZeroChecksum: true,
      decapDevice: 'device:beijing', encapDevices: ['device:nanjing', 'device:beijing'],
    };
    const validate = http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels/validate` });
    expect(validate.request.body).toEqual(body);
    validate.flush({ valid: true, problems: [], conflicts: [] });
    const create = http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels` });
    expect(create.request.body).toEqual(body);
    const created: GtpuTunnel = { ...UE, ...body, encapDevices: body.encapDevices!, state: 'INSTALLED', counterIndex: 4 };
    create.flush({ tunnel: created }, { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=status].notice')?.textContent).toContain('Tunnel ue-2002 installed.');
    expect(field('id').value).toBe('');
    expect((view().querySelector('#tunnel-checksumMode') as HTMLSelectElement).value).toBe('INCREMENTAL');
    expect(TestBed.inject(Router).url).toBe('/tunnels?tunnel=ue-2002');
    http.expectOne(LIST).flush({ tunnels: [created], total: 1, next: null });
    http.expectOne(`${BASE}/gtpu/tunnels/ue-2002`).flush({ ...created, deviceEntries: {} });
    await harness.fixture.whenStable();
    expect(view().querySelectorAll('table.tunnels tbody tr').length).toBe(1);
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Tunnel ue-2002');
  });

  it('does not create what validate refuses, and puts each problem beside its field', async () => {
    await open('/tunnels', []);
    fillGoodForm();
    button('Create tunnel').click();
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels/validate` }).flush({ valid: false, problems: [
      'tunnel ue-2002: n3Address fd00:1:1::2152 is not inside the locator fd00:2::/48 of device:beijing',
      'uplinkTeid 200 is in use on fd00:1:1::2152 by tunnel ue-9',
    ], conflicts: ['device:beijing table gtpu_encap holds 1024 entries, 1024 in use, this tunnel needs 1 more'] });
    await harness.fixture.whenStable();
    http.expectNone({ method: 'POST', url: `${BASE}/gtpu/tunnels` });
    expect(errorOf('n3Address')).toBe('n3Address fd00:1:1::2152 is not inside the locator fd00:2::/48 of device:beijing');
    expect(errorOf('uplinkTeid')).toContain('by tunnel ue-9');
    expect(view().querySelector('.form-error')?.textContent).toContain('table gtpu_encap holds 1024 entries');
    expect(view().querySelector('.validation')?.textContent).toContain('The tunnel cannot be created.');
    expect(view().querySelectorAll('.validation .problem').length).toBe(2);
    expect(view().querySelector('.validation .conflict')?.textContent).toContain('this tunnel needs 1 more');
    expect(field('n3Address').value).toBe('fd00:1:1::2152');
    expect(field('decapDevice').value).toBe('device:beijing');
  });

  it('checks without creating', async () => {
    await open('/tunnels', []);
    fillGoodForm();
    button('Check tunnel').click();
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels/validate` }).flush({ valid: true, problems: [], conflicts: [] });
    await harness.fixture.whenStable();
    http.expectNone({ method: 'POST', url: `${BASE}/gtpu/tunnels` });
    expect(view().querySelector('.validation')?.textContent).toContain('the tunnel can be created');
    expect(field('id').value).toBe('ue-2002');
  });

  it('shows a 400 beside the field it names, a 409 for the id beside it and one for room under the form, keeping what was typed', async () => {
    await open('/tunnels', []);
    fillGoodForm();
    (view().querySelector('#tunnel-checksumMode') as HTMLSelectElement).value = 'FULL';
    view().querySelector('#tunnel-checksumMode')!.dispatchEvent(new Event('change'));
    button('Create tunnel').click();
    http.expectOne(`${BASE}/gtpu/tunnels/validate`).flush({ valid: true, problems: [], conflicts: [] });
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels` }).flush(
      { code: 400, message: 'checksumMode FULL is not possible on device:tofino1: Tofino computes no full UDP checksum' },
      { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(errorOf('checksumMode')).toContain('not possible on device:tofino1');
    expect(view().querySelector('#tunnel-checksumMode')?.getAttribute('aria-invalid')).toBe('true');
    expect((view().querySelector('#tunnel-checksumMode') as HTMLSelectElement).value).toBe('FULL');

    button('Create tunnel').click();
    http.expectOne(`${BASE}/gtpu/tunnels/validate`).flush({ valid: true, problems: [], conflicts: [] });
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels` }).flush(
      { code: 409, message: 'tunnel ue-2002 already exists' }, { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(errorOf('id')).toBe('tunnel ue-2002 already exists');
    expect(errorOf('checksumMode')).toBe('');
    expect(field('id').value).toBe('ue-2002');

    // A table without room (accepted meanwhile by another request) is no business of the id.
    button('Create tunnel').click();
    http.expectOne(`${BASE}/gtpu/tunnels/validate`).flush({ valid: true, problems: [], conflicts: [] });
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels` }).flush(
      { code: 409, message: 'device:beijing table gtpu_n3 holds 64 entries, 64 in use, this tunnel needs 1 more' },
      { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(errorOf('id')).toBe('');
    expect(view().querySelector('.form-error')?.textContent).toContain('table gtpu_n3 holds 64 entries');
  });

  it('deletes only after a confirmation that takes the focus', async () => {
    await open('/tunnels?tunnel=ue-1001', [UE]);
    http.expectOne(`${BASE}/gtpu/tunnels/ue-1001`).flush({ ...UE, deviceEntries: {} });
    await harness.fixture.whenStable();
    button('Delete tunnel').click();
    await harness.fixture.whenStable();
    http.expectNone({ method: 'DELETE' });
    expect(document.activeElement?.id).toBe('confirm-delete');
    button('Keep it').click();
    await harness.fixture.whenStable();
    expect(view().querySelector('#confirm-delete')).toBeNull();

    button('Delete tunnel').click();
    await harness.fixture.whenStable();
    button('Really delete ue-1001').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/gtpu/tunnels/ue-1001` })
      .flush({ code: 404, message: 'no tunnel ue-1001' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.remove-error')?.textContent).toContain('no tunnel ue-1001');

    button('Really delete ue-1001').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/gtpu/tunnels/ue-1001` }).flush(null, { status: 204, statusText: 'No Content' });
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/tunnels');
    http.expectOne(LIST).flush({ tunnels: [], total: 0, next: null });
    await harness.fixture.whenStable();
    expect(view().textContent).toContain('Tunnel ue-1001 removed.');
    expect(view().querySelector('.detail')).toBeNull();
  });
});
