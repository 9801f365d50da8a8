// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { By } from '@angular/platform-browser';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { EChart } from '../charts/echart';
import { MauReport } from '../core/api-models';
import { FakeStream, routedView } from '../core/testing';
import { ResourcesView, share } from './resources';

const BASE = '/onos/sixflow/v1';

const REPORT: MauReport = {
  pipeconf: 'org.sixflow.core.tofino', compiler: 'bf-p4c 9.13', stageCount: 12,
  stages: [
    { stage: 0, resources: [{ name: 'sram', used: 8, capacity: 80 }, { name: 'tcam', used: 2, capacity: 24 }] },
    { stage: 1, resources: [{ name: 'sram', used: 40, capacity: 80 }] },
  ],
  totals: [{ name: 'sram', used: 48, capacity: 960 }, { name: 'tcam', used: 2, capacity: 288 }],
};

describe('ResourcesView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;
  let stream: FakeStream;

  beforeEach(async () => {
    stream = new FakeStream();
    harness = await routedView('resources', ResourcesView, stream);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;

  it('computes shares', () => {
    expect(share(40, 80)).toBe(0.5);
    expect(share(1, 0)).toBe(0);
  });

  it('draws the MAU heatmap, totals and per-stage table, and the table occupancy', async () => {
    await harness.navigateByUrl('/resources');
    http.expectOne(`${BASE}/resources/mau`).flush(REPORT);
    http.expectOne(`${BASE}/resources/tables`).flush({ tables: [
      { device: 'device:beijing', table: 'SixflowIngress.routing.routing_v6', entries: 12, size: 1024, time: '2026-11-22T10:00:00Z' }] });
    await harness.fixture.whenStable();
    const chart = harness.fixture.debugElement.query(By.directive(EChart)).componentInstance as EChart;
    const series = (chart.option() as { series: { data: number[][] }[] }).series[0].data;
    expect(series).toContain([1, 0, 50]);
    expect(view().querySelectorAll('table.totals tbody tr').length).toBe(2);
    expect(view().querySelector('table.totals tbody tr')?.textContent).toContain('5.0%');
    expect(view().querySelectorAll('table.mau-table tbody tr')[1].textContent).toContain('40/80');
    expect(view().querySelector('table.tables tbody tr')?.textContent).toContain('1.2%');
    stream.emit('occupancy', { device: 'device:beijing', table: 'SixflowIngress.routing.routing_v6', entries: 512,
      size: 1024, time: '2026-11-22T10:01:00Z' });
    await harness.fixture.whenStable();
    expect(view().querySelector('table.tables tbody tr')?.textContent).toContain('50.0%');
  });

  it('names the pipeconf whose report it shows: core on Tofino unless the URL chooses another', async () => {
    const field = () => view().querySelector<HTMLInputElement>('#resources-pipeconf')!;
    await harness.navigateByUrl('/resources');
    http.expectOne(`${BASE}/resources/mau`).flush(REPORT);
    http.expectOne(`${BASE}/resources/tables`).flush({ tables: [] });
    await harness.fixture.whenStable();
    // The REST default, which the report itself names.
    expect(field().value).toBe('org.sixflow.core.tofino');
    await harness.navigateByUrl('/resources?pipeconf=org.sixflow.full.tofino');
    http.expectOne(`${BASE}/resources/mau?pipeconf=org.sixflow.full.tofino`).flush({ ...REPORT, pipeconf: 'org.sixflow.full.tofino' });
    http.match(`${BASE}/resources/tables`).forEach((r) => r.flush({ tables: [] }));
    await harness.fixture.whenStable();
    expect(field().value).toBe('org.sixflow.full.tofino');
    expect(view().querySelector('.mau .hint')?.textContent).toContain('org.sixflow.full.tofino');
  });

  it('hides empty tables by default and filters by device or table, keeping both in the URL', async () => {
    const row = (device: string, table: string, entries: number) =>
      ({ device, table, entries, size: 1024, time: '2026-11-22T10:00:00Z' });
    await harness.navigateByUrl('/resources');
    http.expectOne(`${BASE}/resources/mau`).flush(REPORT);
    http.expectOne(`${BASE}/resources/tables`).flush({ tables: [
      row('device:beijing', 'SixflowIngress.routing.routing_v6', 12), row('device:beijing', 'SixflowIngress.acl.acl', 0),
      row('device:wuhan', 'SixflowIngress.routing.routing_v6', 3), row('device:wuhan', 'SixflowIngress.msr6.msr6_encap', 0)] });
    await harness.fixture.whenStable();
    const rows = () => Array.from(view().querySelectorAll('table.tables tbody tr')).map((r) => r.textContent ?? '');
    expect(rows().length).toBe(2);
    expect(view().querySelector('.filters')?.textContent).toContain('2 of 4 tables shown, 2 empty hidden');
    const filter = view().querySelector('#tables-filter') as HTMLInputElement;
    filter.value = 'wuhan';
    filter.dispatchEvent(new Event('change'));
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toContain('table=wuhan');
    http.expectNone(`${BASE}/resources/tables`);
    expect(rows().length).toBe(1);
    expect(rows()[0]).toContain('device:wuhan');
    (view().querySelector('#tables-empty') as HTMLInputElement).click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toContain('empty=show');
    expect(rows().length).toBe(2);
    expect(rows()[0]).toContain('msr6_encap');
  });

  it('says why there is no MAU report, and that no occupancy was recorded for the device', async () => {
    await harness.navigateByUrl('/resources?pipeconf=org.sixflow.full.bmv2&device=device:wuhan');
    http.expectOne(`${BASE}/resources/mau?pipeconf=org.sixflow.full.bmv2`).flush(
      { code: 404, message: 'org.sixflow.full.bmv2 has no compiler resource report' }, { status: 404, statusText: 'Not Found' });
    http.expectOne(`${BASE}/resources/tables?device=device:wuhan`).flush({ tables: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.mau [role=alert]')?.textContent).toContain('has no compiler resource report');
    expect(view().querySelector('.occupancy .status.empty')?.textContent).toContain('for device:wuhan');
  });
});
