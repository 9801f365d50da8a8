// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { By } from '@angular/platform-browser';
import { RouterTestingHarness } from '@angular/router/testing';

import { PortCounters } from '../core/api-models';
import { EChart } from '../charts/echart';
import { FakeStream, routedView } from '../core/testing';
import { PortsView, formatBits } from './ports';

const BASE = '/onos/sixflow/v1';

function port(device: string, name: string, time: string, rate: number | null): PortCounters {
  return { device, port: name, time, inPackets: 1000, outPackets: 1500, inOctets: 800_000, outOctets: 1_200_000,
    inDiscards: 0, outDiscards: 2, inErrors: 0, outErrors: null, inPacketsPerSecond: rate, outPacketsPerSecond: rate,
    inBitsPerSecond: rate === null ? null : rate * 6400, outBitsPerSecond: rate === null ? null : rate * 6400 };
}

describe('PortsView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;
  let stream: FakeStream;

  beforeEach(async () => {
    stream = new FakeStream();
    harness = await routedView('ports', PortsView, stream);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;

  it('formats bit rates', () => {
    expect(formatBits(840)).toBe('840 b/s');
    expect(formatBits(6_400_000)).toBe('6.4 Mb/s');
    expect(formatBits(null)).toBe('—');
  });

  it('shows the counters with rates, marks discards, and replaces rows live', async () => {
    await harness.navigateByUrl('/ports');
    http.expectOne(`${BASE}/telemetry/ports`).flush({ ports: [
      port('device:wuhan', '1', '2026-11-22T10:00:00Z', 1000), port('device:beijing', '1', '2026-11-22T10:00:00Z', null)] });
    await harness.fixture.whenStable();
    let rows = view().querySelectorAll('table.ports tbody tr');
    expect(rows.length).toBe(2);
    expect(rows[0].textContent).toContain('device:beijing');
    expect(rows[0].textContent).toContain('—');
    expect(rows[1].textContent).toContain('6.4 Mb/s');
    expect(rows[1].querySelector('td.bad')?.textContent).toContain('0 / 2');
    stream.emit('ports', port('device:beijing', '1', '2026-11-22T10:00:10Z', 2000));
    stream.emit('ports', port('device:beijing', '1', '2026-11-22T09:00:00Z', 5));
    await harness.fixture.whenStable();
    rows = view().querySelectorAll('table.ports tbody tr');
    expect(rows[0].textContent).toContain('12.8 Mb/s');
  });

  it('filters by the device in the URL and says when nothing was recorded', async () => {
    await harness.navigateByUrl('/ports?device=device:tokyo');
    http.expectOne(`${BASE}/telemetry/ports?device=device:tokyo`).flush({ ports: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('for device:tokyo');
    const select = view().querySelector('#ports-device') as HTMLSelectElement;
    select.value = '';
    select.dispatchEvent(new Event('change'));
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/ports');
    http.expectOne(`${BASE}/telemetry/ports`).flush({ code: 500, message: 'database down' }, { status: 500, statusText: 'x' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('database down');
  });

  it('draws the rates of a clicked port over time, and the URL says which', async () => {
    await harness.navigateByUrl('/ports?device=device:beijing');
    http.expectOne(`${BASE}/telemetry/ports?device=device:beijing`).flush({ ports: [
      port('device:beijing', '1', '2026-11-22T10:00:00Z', 1000)] });
    await harness.fixture.whenStable();
    (view().querySelector('table.ports tbody button') as HTMLButtonElement).click();
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toContain('port=1');
    const history = http.expectOne((r) => r.url === `${BASE}/telemetry/ports/history`);
    expect(history.request.params.get('device')).toBe('device:beijing');
    expect(history.request.params.get('port')).toBe('1');
    expect(history.request.params.get('step')).toBe('60');
    history.flush({ device: 'device:beijing', port: '1', points: [
      { time: '2026-11-22T10:00:00Z', inPacketsPerSecond: 1000, outPacketsPerSecond: 900, inBitsPerSecond: 6.4e6,
        outBitsPerSecond: null }] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.history [role=img]')?.getAttribute('aria-label'))
      .toBe('Bit rates of device:beijing port 1: 1 points');
    expect(view().querySelector('.history .one-sample')?.textContent).toContain('Only one rate in this window');
    const chart = harness.fixture.debugElement.query(By.directive(EChart)).componentInstance as EChart;
    const [inSeries, outSeries] = (chart.option() as { series: { name: string; symbol: string; lineStyle: { type: string } }[] }).series;
    expect([inSeries.name, outSeries.name]).toEqual(['in', 'out']);
    expect(inSeries.symbol).not.toBe(outSeries.symbol);
    expect(inSeries.lineStyle.type).not.toBe(outSeries.lineStyle.type);
    (view().querySelector('table.ports tbody button') as HTMLButtonElement).click();
    await harness.fixture.whenStable();
    expect(view().querySelector('.history')).toBeNull();
  });
});
