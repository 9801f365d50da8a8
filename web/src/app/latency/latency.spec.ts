// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController, TestRequest } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { By } from '@angular/platform-browser';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { EChart } from '../charts/echart';
import { Device, LatencyStatistics } from '../core/api-models';
import { FakeStream, routedView } from '../core/testing';
import { LatencyView } from './latency';

const BASE = '/onos/sixflow/v1';
const beijing: Device = { id: 'device:beijing', available: true, role: 'EDGE', pipeconf: null, driver: null,
  manufacturer: null, swVersion: null, locator: null };

function classStats(cls: string, mean: number) {
  return { class: cls, count: 1800, meanNs: mean, stdevNs: 90, minNs: mean - 300, maxNs: mean + 300, rangeNs: 600,
    p50Ns: mean, p90Ns: mean + 100, p99Ns: mean + 200, ks: { statistic: 0.02, pValue: 0.4, normal: true } };
}

const STATS: LatencyStatistics = {
  device: 'device:beijing', from: 'a', to: 'b', feature: classStats('apn6-insert', 1757), baseline: classStats('ipv6', 1500),
  overhead: { meanRatio: 1.17, kMean: 0.17, kStdev: 0.06, probabilities: [{ threshold: 0.05, probability: 0.0257 }] },
  stability: { pairs: 1799, mean: 1.1e-7, max: 5.6e-7 },
};

describe('LatencyView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;
  let stream: FakeStream;

  beforeEach(async () => {
    stream = new FakeStream();
    harness = await routedView('latency', LatencyView, stream);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const telemetry = (path: string) => http.expectOne((r) => r.url === `${BASE}/telemetry/${path}`);

  async function answerAll(series: TestRequest, points = 2): Promise<void> {
    series.flush({ device: 'device:beijing', class: 'apn6-insert', port: null, from: 'a', to: 'b', stepSeconds: 30,
      source: 'samples', points: Array.from({ length: points }, (_, i) => ({
        time: `2026-11-22T10:0${i}:00Z`, count: 30, meanNs: 1750, minNs: 1500, maxNs: 2000 })) });
    telemetry('histogram').flush({ device: 'device:beijing', class: 'apn6-insert', count: points ? 60 : 0,
      edgesNs: [1500, 1750, 2000], counts: points ? [25, 35] : [0, 0] });
    telemetry('statistics').flush(STATS);
    await harness.fixture.whenStable();
  }

  it('queries the URL\'s device, classes and window, and shows chart, histogram and the features table', async () => {
    await harness.navigateByUrl('/latency?device=device:beijing&class=apn6-insert&baseline=ipv6'
      + '&from=2026-11-22T10:00:00Z&to=2026-11-22T11:00:00Z');
    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing] });
    await harness.fixture.whenStable();
    const series = telemetry('latency');
    expect(series.request.params.get('device')).toBe('device:beijing');
    expect(series.request.params.get('class')).toBe('apn6-insert');
    expect(series.request.params.get('from')).toBe('2026-11-22T10:00:00Z');
    expect(series.request.params.get('step')).toBe('60');
    await answerAll(series);
    expect(harness.fixture.debugElement.queryAll(By.directive(EChart)).length).toBe(2);
    const rows = view().querySelectorAll('table.features tbody tr');
    expect(rows[0].textContent).toContain('1800');
    expect(rows[1].textContent).toContain('1.76 µs');
    expect(view().querySelector('table.probabilities')?.textContent).toContain('0.0257');
    expect(view().querySelector('.stability')?.textContent).toContain('1799 consecutive pairs');
  });

  it('without a class in the URL shows a device and class that have samples, asked of the API', async () => {
    const wuhan: Device = { ...beijing, id: 'device:wuhan' };
    await harness.navigateByUrl('/latency');
    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing, wuhan] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Looking for a device and class');
    const asked = http.match((r) => r.url === `${BASE}/telemetry/samples`);
    expect(asked.map((r) => r.request.params.get('device'))).toEqual(['device:beijing', 'device:wuhan']);
    // beijing only carries plain IPv6; wuhan carries the baseline and APN6 too.
    asked[0].flush({ samples: [{ class: 'ipv6' }, { class: 'ipv6' }], next: null });
    asked[1].flush({ samples: [{ class: 'ipv6' }, { class: 'apn6-transit' }, { class: 'apn6-transit' }, { class: 'ipv6' }],
      next: null });
    await harness.fixture.whenStable();
    const series = telemetry('latency');
    expect(series.request.params.get('device')).toBe('device:wuhan');
    expect(series.request.params.get('class')).toBe('apn6-transit');
    http.expectNone((r) => r.url.endsWith('/telemetry/replicas'));
    await answerAll(series);
    expect(view().querySelector('.statistics')?.textContent).toContain('1800');
  });

  it('asks no statistics when no device has samples, and says so', async () => {
    await harness.navigateByUrl('/latency');
    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing] });
    await harness.fixture.whenStable();
    telemetry('samples').flush({ samples: [], next: null });
    await harness.fixture.whenStable();
    telemetry('latency').flush({ device: 'device:beijing', class: 'ipv6', port: null, from: 'a', to: 'b',
      stepSeconds: 30, source: 'samples', points: [] });
    telemetry('histogram').flush({ device: 'device:beijing', class: 'ipv6', count: 0, edgesNs: [0, 1], counts: [0] });
    await harness.fixture.whenStable();
    http.expectNone((r) => r.url.endsWith('/telemetry/statistics'));
    expect(view().textContent).toContain('No device has latency samples in this window');
  });

  it('shows a replicating class\'s replicas table', async () => {
    await harness.navigateByUrl('/latency?device=device:beijing&class=msr6-replicate');
    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing] });
    await harness.fixture.whenStable();
    const series = telemetry('latency');
    telemetry('replicas').flush({ device: 'device:beijing', class: 'msr6-replicate', replicas: [
      { replica: 0, count: 10, meanNs: 2300, stdevNs: 120, minNs: 2000, maxNs: 2600 },
      { replica: 1, count: 10, meanNs: 2450, stdevNs: null, minNs: 2100, maxNs: 2800 }] });
    series.flush({ device: 'device:beijing', class: 'msr6-replicate', port: null, from: 'a', to: 'b', stepSeconds: 30,
      source: 'samples', points: [] });
    telemetry('histogram').flush({ device: 'device:beijing', class: 'msr6-replicate', count: 0, edgesNs: [0, 1], counts: [0] });
    telemetry('statistics').flush({ code: 400, message: 'msr6-replicate has 0 samples in the window (need 2)' },
      { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.series .status.empty')?.textContent).toContain('No msr6-replicate samples');
    const replicas = view().querySelectorAll('table.replica-table tbody tr');
    expect(replicas.length).toBe(2);
    expect(replicas[1].textContent).toContain('2.45 µs');
    expect(replicas[1].textContent).toContain('—');
    expect(view().querySelector('.statistics')?.textContent).toContain('need 2');
  });

  it('puts a changed choice in the URL and reloads on a matching stream batch', async () => {
    await harness.navigateByUrl('/latency?device=device:beijing&class=apn6-insert');
    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing] });
    await harness.fixture.whenStable();
    await answerAll(telemetry('latency'));
    const select = view().querySelector('#latency-class') as HTMLSelectElement;
    select.value = 'ipv6';
    select.dispatchEvent(new Event('change'));
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toContain('class=ipv6');
    await answerAll(telemetry('latency'));
    stream.emit('latency', { device: 'device:wuhan', class: 'ipv6', count: 5, meanNs: 1, time: 'x' });
    await harness.fixture.whenStable();
    http.expectNone((r) => r.url.includes('/telemetry/'));
    stream.emit('latency', { device: 'device:beijing', class: 'ipv6', count: 5, meanNs: 1, time: 'x' });
    await harness.fixture.whenStable();
    await answerAll(telemetry('latency'));
  });
});
