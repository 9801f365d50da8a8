// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter, withComponentInputBinding } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { Device, Health, PipeconfDetail, PipeconfSummary } from '../core/api-models';
import { Overview } from './overview';

const BASE = '/onos/sixflow/v1';

const health: Health = {
  database: { status: 'DOWN', url: 'jdbc:postgresql://postgres:5432/sixflow', schemaVersion: null, message: 'Connection refused' },
  pipeconfs: 1,
  devices: 1,
};
const bmv2: PipeconfSummary = {
  id: 'org.sixflow.bmv2', target: 'bmv2', architecture: 'v1model', tables: 2, actions: 5, counters: 1,
  registers: 0, extensions: ['P4_INFO_TEXT', 'BMV2_JSON'], devices: ['device:beijing'],
};
const beijing: Device = {
  id: 'device:beijing', available: true, role: 'EDGE', pipeconf: 'org.sixflow.bmv2', driver: 'stratum-bmv2',
  manufacturer: 'ONF', swVersion: 'stratum', locator: 'fd00:1:1::/64',
};
const detail: PipeconfDetail = {
  id: 'org.sixflow.bmv2', target: 'bmv2', architecture: 'v1model', extensions: [], devices: [],
  tables: [{
    id: 'SixflowIngress.routing.routing_v6', maxSize: 4096,
    matchFields: [{ id: 'ipv6_dst', bitWidth: 128, matchType: 'LPM' }],
    actions: ['SixflowIngress.routing.set_next_hop'],
  }],
  counters: [], registers: [],
};

describe('Overview', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([{ path: 'overview', component: Overview }], withComponentInputBinding()),
        provideHttpClient(),
        provideHttpClientTesting(),
      ],
    });
    http = TestBed.inject(HttpTestingController);
    harness = await RouterTestingHarness.create();
  });

  afterEach(() => http.verify());

  function text(): string {
    return harness.routeNativeElement?.textContent ?? '';
  }

  function answer(pipeconfs: PipeconfSummary[], devices: Device[]): void {
    http.expectOne(`${BASE}/health`).flush(health);
    http.expectOne(`${BASE}/pipeconfs`).flush({ pipeconfs });
    http.expectOne(`${BASE}/devices`).flush({ devices });
  }

  it('shows loading, then health, pipeconfs and devices', async () => {
    await harness.navigateByUrl('/overview', Overview);
    expect(text()).toContain('Loading Sixflow status');
    answer([bmv2], [beijing]);
    await harness.fixture.whenStable();
    expect(text()).toContain('History database: DOWN');
    expect(text()).toContain('Connection refused');
    expect(harness.routeNativeElement!.querySelectorAll('table.pipeconfs tbody tr').length).toBe(1);
    expect(text()).toContain('fd00:1:1::/64');
    expect(text()).not.toContain('Loading');
  });

  it('explains empty lists', async () => {
    await harness.navigateByUrl('/overview', Overview);
    answer([], []);
    await harness.fixture.whenStable();
    expect(text()).toContain('No pipeconfs are registered');
    expect(text()).toContain('ONOS knows no devices yet');
  });

  it('shows the API error and recovers on refresh', async () => {
    await harness.navigateByUrl('/overview', Overview);
    http.expectOne(`${BASE}/health`).flush({ code: 503, message: 'ONOS is starting' }, { status: 503, statusText: 'x' });
    http.expectOne(`${BASE}/pipeconfs`);
    http.expectOne(`${BASE}/devices`);
    await harness.fixture.whenStable();
    expect(harness.routeNativeElement!.querySelector('[role=alert]')?.textContent).toContain('ONOS is starting');

    harness.routeNativeElement!.querySelector<HTMLButtonElement>('.title-row button')!.click();
    await harness.fixture.whenStable();
    answer([bmv2], [beijing]);
    await harness.fixture.whenStable();
    expect(harness.routeNativeElement!.querySelector('[role=alert]')).toBeNull();
    expect(text()).toContain('org.sixflow.bmv2');
  });

  it('expands a pipeconf into its tables and puts it in the URL', async () => {
    await harness.navigateByUrl('/overview', Overview);
    answer([bmv2], [beijing]);
    await harness.fixture.whenStable();

    harness.routeNativeElement!.querySelector<HTMLButtonElement>('button.link')!.click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/overview?pipeconf=org.sixflow.bmv2');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.bmv2`).flush(detail);
    await harness.fixture.whenStable();
    expect(text()).toContain('SixflowIngress.routing.routing_v6');
    expect(text()).toContain('ipv6_dst/128 LPM');
  });

  it('opens the pipeconf named in a shared URL', async () => {
    await harness.navigateByUrl('/overview?pipeconf=org.sixflow.bmv2', Overview);
    answer([bmv2], [beijing]);
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.bmv2`).flush(detail);
    await harness.fixture.whenStable();
    expect(harness.routeNativeElement!.querySelector('button.link')?.getAttribute('aria-expanded')).toBe('true');
    expect(text()).toContain('set_next_hop');
  });
});
