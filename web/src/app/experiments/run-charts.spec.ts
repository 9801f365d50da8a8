// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { RunCharts, reportsFor } from './run-charts';
import { BASE, RESULTS, sample } from './fixtures.spec';

describe('RunCharts', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<RunCharts>;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(RunCharts);
    fixture.componentRef.setInput('experimentId', 'apn6-vs-ipv6');
    fixture.componentRef.setInput('runId', 7);
    fixture.componentRef.setInput('cellIndex', 0);
    fixture.componentRef.setInput('classes', RESULTS.cells[0].classes);
    fixture.componentRef.setInput('intervalNanos', 1_000_000);
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  /** A table row's cells, one space apart. */
  const cells = (row: Element | undefined) => Array.from(row?.querySelectorAll('th, td') ?? []).map(text).join(' ');
  const label = (chart: string) => view().querySelector(`.chart-${chart} [role=img]`)?.getAttribute('aria-label');
  // apn6 is reported at two places (the ingress and wuhan): twice the reports for as many probes.
  const limits: Record<string, number> = { ipv6: 5000, apn6: 10000 };
  const samples = (name: string, run = 7) =>
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/${run}/samples?class=${name}&limit=${limits[name]}`);

  it('reads each class\'s samples once and draws the distribution, CDF, boxes and loss', async () => {
    expect(view().querySelector('.status.loading')).not.toBeNull();
    samples('ipv6').flush({ samples: [sample(0, 0, 360), sample(0, 1, 364), sample(0, 2, 1, { warmup: true })] });
    samples('apn6').flush({ samples: [sample(1, 0, 370), sample(1, 1, 371)] });
    await fixture.whenStable();
    expect(label('histogram')).toBe('Latency distribution of run 7: ipv6 2 samples, apn6 2 samples');
    expect(view().querySelector('.chart-histogram canvas')).not.toBeNull();
    expect(text(view().querySelector('.hint'))).toContain('(ipv6 2, apn6 2), at most the first 5,000 of each');

    // Medians: (360 + 364) / 2 = 362 and 370.5; p99 by interpolation: 360 + 0.99 · 4 = 363.96.
    expect(label('cdf')).toBe('Latency CDF of run 7: ipv6 half of the probes within 362 ns, 99% within 364 ns; '
      + 'apn6 half of the probes within 371 ns, 99% within 371 ns');
    expect(label('box')).toBe('Box plot of the latency per class of run 7: ipv6 median 362 ns, quartiles 361 ns to 363 ns; '
      + 'apn6 median 371 ns, quartiles 370 ns to 371 ns');
    const rows = Array.from(view().querySelectorAll('table.quartiles-table tbody tr')).map(cells);
    expect(rows[0]).toBe('ipv6 2 360 361 362 363 363.6 363.96 364 360 364 0');
    expect(rows[1]).toBe('apn6 2 370 370.25 370.5 370.75 370.9 370.99 371 370 371 0');
    expect(text(view().querySelector('.box-caption'))).toContain('within 1.5 IQR of the box (Tukey)');
    expect(text(view().querySelector('.box-caption'))).not.toContain('from its results');

    // 2,000 probes sent per class, 2 received: all but those lost; 50 per stretch, 40 stretches.
    expect(label('loss')).toBe('Lost probes along run 7: ipv6 1,998 of 2,000 lost, apn6 1,998 of 2,000 lost');
    expect(view().querySelectorAll('table.loss-time-table tbody tr').length).toBe(40);
    expect(cells(view().querySelector('table.loss-time-table tbody tr') ?? undefined)).toBe('1–50 48 48');
    expect(text(view().querySelector('.loss-hint')))
      .toBe('Each bar is 50 probes of a class in sending order, about 100 ms at one packet every 1 ms with the classes '
        + 'taking turns. Every measured probe is accounted for.');
  });

  it('leaves the stretches the samples read do not reach unknown', async () => {
    // ipv6's answer is as long as asked: probes after the last one seen (sequence 4) are unknown.
    samples('ipv6').flush({ samples: Array.from({ length: 5000 }, (_, i) => sample(0, i % 5, 360, { arrival: i })) });
    samples('apn6').flush({ samples: [sample(1, 0, 370)] });
    await fixture.whenStable();
    expect(label('loss')).toContain('ipv6 0 of the first 5 of 2,000 lost (only they were read)');
    expect(cells(view().querySelector('table.loss-time-table tbody tr') ?? undefined)).toBe('1–50 — 49');
    expect(text(view().querySelector('.loss-hint'))).toContain('Only the first samples of ipv6 are read');
  });

  it('draws a class without samples from its results, and says so', async () => {
    samples('ipv6').flush({ samples: [sample(0, 0, 360)] });
    samples('apn6').flush({ samples: [] });
    await fixture.whenStable();
    expect(label('box')).toContain('apn6 no samples');
    expect(text(view().querySelector('.box-caption'))).toContain('box from p50 to p90, whiskers at min and max');
    expect(text(view().querySelectorAll('table.quartiles-table tbody tr')[1])).toContain('drawn from the results');
  });

  it('asks for enough reports to cover the first probes of every place, within the server\'s limit', () => {
    samples('ipv6').flush({ samples: [] });
    samples('apn6').flush({ samples: [] });
    const ipv6 = RESULTS.cells[0].classes[0];
    expect(reportsFor(ipv6)).toBe(5000);
    expect(reportsFor({ ...ipv6, stages: Array(3).fill(RESULTS.cells[0].classes[1].stages[0]) })).toBe(15000);
    expect(reportsFor({ ...ipv6, stages: Array(40).fill(RESULTS.cells[0].classes[1].stages[0]) })).toBe(100000);
  });

  it('says so when the run stored no samples, and shows a failure', async () => {
    samples('ipv6').flush({ samples: [] });
    samples('apn6').flush({ samples: [] });
    await fixture.whenStable();
    expect(text(view().querySelector('.status.empty'))).toContain('No measured samples');
    expect(view().querySelector('.chart-cdf')).toBeNull();
    // The boxes fall back on the results; no probe arrived, so every one is lost.
    expect(view().querySelector('.chart-box canvas')).not.toBeNull();
    expect(label('loss')).toContain('ipv6 2,000 of 2,000 lost');

    fixture.componentRef.setInput('runId', 8);
    await fixture.whenStable();
    samples('apn6', 8).flush({ samples: [] });
    samples('ipv6', 8)
      .flush({ code: 503, message: 'experiments need the history database' }, { status: 503, statusText: 'x' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('experiments need the history database');
  });
});
