// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { FakeStream, routedView } from '../../core/testing';
import { BASE, SITES, THESIS, summary } from './fixtures.spec';
import { MultihomingView } from './multihoming';
import { PAGE_VISIBLE } from './page-visible';

describe('MultihomingView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('multihoming', MultihomingView, new FakeStream(), [{ provide: PAGE_VISIBLE, useValue: signal(true) }]);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;

  it('has the ILNP sites, the NPTv6 mappings and the study, each under its heading', async () => {
    await harness.navigateByUrl('/multihoming');
    http.expectOne(SITES).flush({ sites: [], total: 0, next: null });
    http.expectOne(`${BASE}/nptv6/mappings?limit=1000`).flush({ mappings: [], total: 0, next: null });
    http.expectOne(`${BASE}/multihoming/studies`).flush({ studies: [] });
    http.expectOne(`${BASE}/multihoming/presets`).flush({ presets: [THESIS] });
    await harness.fixture.whenStable();
    expect(view().querySelector('h1')?.textContent).toBe('Multihoming');
    expect(Array.from(view().querySelectorAll('h2')).map((h) => h.textContent))
      .toEqual(['ILNP sites', 'NPTv6 mappings', 'Multihoming study']);
    expect(Array.from(view().querySelectorAll('section[aria-labelledby]')).map((s) => s.getAttribute('aria-labelledby')))
      .toEqual(['ilnp-heading', 'mappings-heading', 'studies-heading']);
    expect(view().querySelectorAll('.status.empty').length).toBe(3);
  });

  it('passes the study and the run of the URL to the study', async () => {
    await harness.navigateByUrl('/multihoming?study=thesis&run=7');
    http.expectOne(SITES).flush({ sites: [], total: 0, next: null });
    http.expectOne(`${BASE}/nptv6/mappings?limit=1000`).flush({ mappings: [], total: 0, next: null });
    http.expectOne(`${BASE}/multihoming/studies`).flush({ studies: [THESIS] });
    http.expectOne(`${BASE}/multihoming/presets`).flush({ presets: [] });
    http.expectOne(`${BASE}/multihoming/studies/thesis/runs`).flush({ runs: [summary(7, 'DONE')] });
    http.expectOne(`${BASE}/multihoming/runs/7`).flush({ ...summary(7, 'DONE'), cells: [], grid: [], failovers: [], siteRoutes: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('#run-heading')?.textContent).toBe('Run 7');
  });
});
