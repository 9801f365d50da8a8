// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { LatencyDistributionChart, reportsFor } from './latency-distribution-chart';
import { BASE, RESULTS, sample } from './fixtures.spec';

describe('LatencyDistributionChart', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<LatencyDistributionChart>;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(LatencyDistributionChart);
    fixture.componentRef.setInput('experimentId', 'apn6-vs-ipv6');
    fixture.componentRef.setInput('runId', 7);
    fixture.componentRef.setInput('cellIndex', 0);
    fixture.componentRef.setInput('classes', RESULTS.cells[0].classes);
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  // apn6 is reported at two places (the ingress and wuhan): twice the reports for as many probes.
  const limits: Record<string, number> = { ipv6: 5000, apn6: 10000 };
  const samples = (name: string, run = 7) =>
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/${run}/samples?class=${name}&limit=${limits[name]}`);

  it('reads each class\'s samples and draws their distribution', async () => {
    expect(view().querySelector('.status.loading')).not.toBeNull();
    samples('ipv6').flush({ samples: [sample(0, 0, 360), sample(0, 1, 364), sample(0, 2, 1, { warmup: true })] });
    samples('apn6').flush({ samples: [sample(1, 0, 370), sample(1, 1, 371)] });
    await fixture.whenStable();
    expect(view().querySelector('[role=img]')?.getAttribute('aria-label'))
      .toBe('Latency distribution of run 7: ipv6 2 samples, apn6 2 samples');
    expect(view().querySelector('canvas')).not.toBeNull();
    expect(view().querySelector('.hint')?.textContent).toContain('(ipv6 2, apn6 2), at most the first 5,000 of each');
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
    expect(view().querySelector('.status.empty')?.textContent).toContain('No measured samples');

    fixture.componentRef.setInput('runId', 8);
    await fixture.whenStable();
    samples('apn6', 8).flush({ samples: [] });
    samples('ipv6', 8)
      .flush({ code: 503, message: 'experiments need the history database' }, { status: 503, statusText: 'x' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('experiments need the history database');
  });
});
