// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { LatencyDistributionChart } from './latency-distribution-chart';
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
  const samples = (name: string) => http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/samples?class=${name}&limit=5000`);

  it('reads each class\'s samples and draws their distribution', async () => {
    expect(view().querySelector('.status.loading')).not.toBeNull();
    samples('ipv6').flush({ samples: [sample(0, 0, 360), sample(0, 1, 364), sample(0, 2, 1, { warmup: true })] });
    samples('apn6').flush({ samples: [sample(1, 0, 370), sample(1, 1, 371)] });
    await fixture.whenStable();
    expect(view().querySelector('[role=img]')?.getAttribute('aria-label'))
      .toBe('Latency distribution of run 7: ipv6 2 samples, apn6 2 samples');
    expect(view().querySelector('canvas')).not.toBeNull();
    expect(view().querySelector('.hint')?.textContent).toContain('(ipv6 2, apn6 2) from the first 5,000 reports');
  });

  it('says so when the run stored no samples, and shows a failure', async () => {
    samples('ipv6').flush({ samples: [] });
    samples('apn6').flush({ samples: [] });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No measured samples');

    fixture.componentRef.setInput('runId', 8);
    await fixture.whenStable();
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/8/samples?class=apn6&limit=5000`).flush({ samples: [] });
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/8/samples?class=ipv6&limit=5000`)
      .flush({ code: 503, message: 'experiments need the history database' }, { status: 503, statusText: 'x' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('experiments need the history database');
  });
});
