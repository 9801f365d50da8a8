// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { Apn6Policy } from './apn6-models';
import { routedView, type } from '../../core/testing';
import { PoliciesView } from './policies';

const BASE = '/onos/sixflow/v1';

const GOLD: Apn6Policy = {
  id: 'video-gold', name: 'video', priority: 200, stripAtEgress: true,
  match: { source: 'fd00:1:1::/64', destination: '::/0', nextHeader: 17, sourcePorts: { low: 0, high: 65535 },
    destinationPorts: { low: 5004, high: 5004 }, ingressPorts: [] },
  option: { slaLevel: 3, appId: 7, userId: 1, flowId: 0 },
};

describe('PoliciesView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('policies', PoliciesView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;

  it('lists policies and shows the selected one with its entries per device', async () => {
    await harness.navigateByUrl('/policies?policy=video-gold');
    http.expectOne(`${BASE}/policies`).flush({ policies: [{ ...GOLD, state: 'INSTALLED' }] });
    http.expectOne(`${BASE}/policies/video-gold`).flush({ ...GOLD, state: 'INSTALLED', deviceEntries: {
      'device:beijing': ['classifier ...', 'sla ...'], 'device:guangzhou': ['strip ...'] } });
    await harness.fixture.whenStable();
    expect(view().querySelectorAll('table.policies tbody tr').length).toBe(1);
    expect(view().querySelector('table.policies tr.selected')?.textContent).toContain('fd00:1:1::/64');
    expect(view().querySelector('table.policies tr.selected td.state')?.textContent?.trim()).toBe('Installed');
    expect(view().querySelector('.policy-state')?.textContent).toContain('State: Installed');
    const rows = view().querySelectorAll('table.device-entries tbody tr');
    expect(rows.length).toBe(2);
    expect(rows[0].querySelectorAll('li').length).toBe(2);
  });

  it('asks again while the policy is requested, keeping what it shows, until its entries are confirmed', async () => {
    jasmine.clock().install();
    try {
      await harness.navigateByUrl('/policies?policy=video-gold');
      http.expectOne(`${BASE}/policies`).flush({ policies: [{ ...GOLD, state: 'REQUESTED' }] });
      http.expectOne(`${BASE}/policies/video-gold`).flush({ ...GOLD, state: 'REQUESTED', deviceEntries: {} });
      await harness.fixture.whenStable();
      expect(view().querySelector('.policy-state')?.textContent).toContain('not confirmed by the devices yet');
      http.expectNone(`${BASE}/policies/video-gold`);

      jasmine.clock().tick(1000);
      await harness.fixture.whenStable();
      // Still shown while the second answer is on its way: a poll does not blank the view.
      expect(view().querySelector('.policy-state')?.textContent).toContain('Requested');
      http.expectOne(`${BASE}/policies`).flush({ policies: [{ ...GOLD, state: 'INSTALLED' }] });
      http.expectOne(`${BASE}/policies/video-gold`).flush({ ...GOLD, state: 'INSTALLED', deviceEntries: {
        'device:beijing': ['classifier ...'] } });
      await harness.fixture.whenStable();
      expect(view().querySelector('.policy-state')?.textContent).toContain('State: Installed');
      expect(view().querySelectorAll('table.device-entries tbody tr').length).toBe(1);

      jasmine.clock().tick(5000);
      await harness.fixture.whenStable();
      http.expectNone(`${BASE}/policies/video-gold`);
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('shows a failed policy with the device that refused it and why', async () => {
    await harness.navigateByUrl('/policies?policy=video-gold');
    const failed = { ...GOLD, state: 'FAILED', failure: { deviceId: 'device:wuhan', reason: 'refused 1 entry' } };
    const requested = { ...GOLD, id: 'audio', state: 'REQUESTED' };
    http.expectOne(`${BASE}/policies`).flush({ policies: [failed, requested] });
    http.expectOne(`${BASE}/policies/video-gold`).flush({ ...failed, deviceEntries: {} });
    await harness.fixture.whenStable();
    const states = Array.from(view().querySelectorAll('table.policies td.state'));
    expect(states.map((s) => s.textContent?.trim())).toEqual(['Failed', 'Requested']);
    expect(states[0].classList).toContain('failed');
    const alert = view().querySelector('.detail [role="alert"]');
    expect(alert?.textContent).toContain('Failed: device:wuhan refused 1 entry');
  });

  it('checks a policy without installing it and shows the conflicts', async () => {
    await harness.navigateByUrl('/policies');
    http.expectOne(`${BASE}/policies`).flush({ policies: [GOLD] });
    await harness.fixture.whenStable();
    type(view(), '#policy-id', 'video-silver');
    type(view(), '#policy-source', 'fd00:1:1::/64');
    button('Check overlaps').click();
    const check = http.expectOne({ method: 'POST', url: `${BASE}/policies/validate` });
    expect(check.request.body.id).toBe('video-silver');
    expect(check.request.body.match).toEqual({ source: 'fd00:1:1::/64' });
    check.flush({ valid: false, entries: 4, problems: [], warnings: ['shadowed'],
      conflicts: ['overlaps video-gold at the same priority 100'] });
    await harness.fixture.whenStable();
    const result = view().querySelector('.validation')!;
    expect(result.textContent).toContain('cannot be installed');
    expect(result.querySelector('.conflict')?.textContent).toContain('video-gold');
    expect(result.querySelector('.warning')?.textContent).toContain('shadowed');
  });

  it('shows a 400 beside the field it names', async () => {
    await harness.navigateByUrl('/policies');
    http.expectOne(`${BASE}/policies`).flush({ policies: [] });
    await harness.fixture.whenStable();
    type(view(), '#policy-id', 'p');
    type(view(), '#policy-source', 'banana');
    button('Create policy').click();
    http.expectOne({ method: 'POST', url: `${BASE}/policies` }).flush(
      { code: 400, message: 'match.source "banana" is not an IPv6 prefix like fd00:1::/32' },
      { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#policy-source-error')?.textContent).toContain('is not an IPv6 prefix');
    expect(view().querySelector('#policy-source')?.getAttribute('aria-invalid')).toBe('true');

    type(view(), '#policy-ingressPorts', 'device:tokyo/1');
    button('Create policy').click();
    http.expectOne({ method: 'POST', url: `${BASE}/policies` }).flush(
      { code: 400, message: 'policy p: ingress port device:tokyo/1 is not an edge port of a known device' },
      { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#policy-ingressPorts-error')?.textContent).toContain('device:tokyo/1');
  });

  it('flags every field of one 400, a missing one as missing', async () => {
    await harness.navigateByUrl('/policies');
    http.expectOne(`${BASE}/policies`).flush({ policies: [] });
    await harness.fixture.whenStable();
    button('Create policy').click();
    http.expectOne({ method: 'POST', url: `${BASE}/policies` }).flush({
      code: 400, message: 'priority …; match.source …; option.appId is required …',
      errors: [
        { field: 'priority', message: 'priority must be a whole number 1..65535, not 0' },
        { field: 'match.source', message: 'match.source "banana" is not an IPv6 prefix like fd00:1::/32' },
        { field: 'match.ingressPorts[0]', message: 'match.ingressPorts[0] 7 is not a port like device:beijing/3' },
        { field: 'option.appId', message: 'option.appId is required (a whole number 0..4294967295)' },
      ],
    }, { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#policy-priority-error')?.textContent).toContain('1..65535');
    expect(view().querySelector('#policy-source-error')?.textContent).toContain('banana');
    expect(view().querySelector('#policy-ingressPorts-error')?.textContent).toContain('is not a port');
    expect(view().querySelector('#policy-appId-error')?.textContent).toContain('option.appId is required');
  });

  it('creates, edits and deletes', async () => {
    await harness.navigateByUrl('/policies');
    http.expectOne(`${BASE}/policies`).flush({ policies: [] });
    await harness.fixture.whenStable();
    type(view(), '#policy-id', 'video-gold');
    type(view(), '#policy-priority', '200');
    button('Create policy').click();
    http.expectOne({ method: 'POST', url: `${BASE}/policies` }).flush(
      { policy: GOLD, validation: { valid: true, entries: 6, problems: [], conflicts: [], warnings: [] } },
      { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/policies`).flush({ policies: [GOLD] });
    http.expectOne(`${BASE}/policies/video-gold`).flush({ ...GOLD, deviceEntries: {} });
    await harness.fixture.whenStable();
    expect(view().textContent).toContain('Policy video-gold installed: 6 entries.');

    button('Edit').click();
    await harness.fixture.whenStable();
    expect((view().querySelector('#policy-id') as HTMLInputElement).disabled).toBeTrue();
    expect((view().querySelector('#policy-destinationPortLow') as HTMLInputElement).value).toBe('5004');
    type(view(), '#policy-priority', '300');
    button('Save policy').click();
    const put = http.expectOne({ method: 'PUT', url: `${BASE}/policies/video-gold` });
    expect(put.request.body.priority).toBe(300);
    put.flush({ policy: { ...GOLD, priority: 300 }, validation: { valid: true, entries: 6, problems: [], conflicts: [], warnings: [] } });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/policies`).flush({ policies: [GOLD] });
    http.expectOne(`${BASE}/policies/video-gold`).flush({ ...GOLD, deviceEntries: {} });
    await harness.fixture.whenStable();

    button('Delete policy').click();
    await harness.fixture.whenStable();
    button('Really delete').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/policies/video-gold` }).flush(null, { status: 204, statusText: 'No Content' });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/policies`).flush({ policies: [] });
    await harness.fixture.whenStable();
    expect(view().textContent).toContain('Policy video-gold removed.');
  });
});
