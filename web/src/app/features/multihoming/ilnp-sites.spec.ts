// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { IlnpSite } from './ilnp-models';
import { type } from '../../core/testing';
import { BASE, SITES, SITE_A, counters } from './fixtures.spec';
import { IlnpSitesView } from './ilnp-sites';
import { PAGE_VISIBLE } from './page-visible';

const SITE_B: IlnpSite = { ...SITE_A, name: 'site-b', device: 'device:sbr2', siteId: 2, revision: 0, state: 'FAILED',
  failure: { deviceId: 'device:sbr2', reason: 'runs profile ipv6, which has no ILNP' },
  uplinks: [{ ...SITE_A.uplinks[0], weight: 100 }] };

describe('IlnpSitesView', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<IlnpSitesView>;

  beforeEach(() => {
    jasmine.clock().install();
    jasmine.clock().mockDate(new Date('2026-11-30T01:00:00Z'));
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: PAGE_VISIBLE, useValue: signal(true) }],
    });
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => {
    jasmine.clock().uninstall();
    http.verify();
  });

  const view = () => fixture.nativeElement as HTMLElement;
  const text = (cell: Element) => cell.textContent?.replace(/\s+/g, ' ').trim();
  const rows = (root: Element, table: string) => Array.from(root.querySelectorAll(`table.${table} tbody tr`))
    .map((row) => Array.from(row.querySelectorAll('th, td')).map(text));
  const site = (name: string) => view().querySelector(`article[aria-labelledby="site-${name}-heading"]`)!;

  async function open(sites: IlnpSite[]): Promise<void> {
    fixture = TestBed.createComponent(IlnpSitesView);
    await fixture.whenStable();
    http.expectOne(SITES).flush({ sites, total: sites.length, next: null });
    await fixture.whenStable();
  }

  /** Answers what each site reads live: its counters and its Locator Updates. */
  async function live(byPort: Record<string, Record<number, [number, number]>>): Promise<void> {
    for (const [name, reading] of Object.entries(byPort)) {
      http.expectOne(`${BASE}/ilnp/sites/${name}/counters`).flush(counters(reading, name));
      http.expectOne(`${BASE}/ilnp/sites/${name}/locator-updates`).flush({ site: name, received: 0, last: [] });
      http.expectOne(`${BASE}/ilnp/sites/${name}/sessions`).flush({ site: name, updatesSent: 0, sessions: [] });
    }
    await fixture.whenStable();
  }

  it('shows each site with its uplinks, and its live counters with the rates of the last two polls', async () => {
    await open([SITE_A, SITE_B]);
    await live({ 'site-a': { 2: [10_000, 4000], 3: [5000, 1000] }, 'site-b': { 2: [0, 0] } });
    expect(text(site('site-a').querySelector('h3')!)).toBe('Site site-a INSTALLED');
    expect(Array.from(site('site-a').querySelectorAll('.facts dd')).map(text)).toEqual(['device:sbr', 'fd00:5:1:1::/64', '1, 3']);
    expect(rows(site('site-a'), 'uplinks')).toEqual([
      ['2', '2001:db8:a01:1::/64', '00:aa:00:00:02:01', '00:aa:00:00:0a:01', '80'],
      ['3', '2001:db8:b01:1::/64', '00:aa:00:00:03:01', '00:aa:00:00:0b:01', '20'],
    ]);
    expect(site('site-b').querySelector('.failure')?.textContent).toBe('Failed on device:sbr2: runs profile ipv6, which has no ILNP');

    jasmine.clock().tick(2000);
    await fixture.whenStable();
    await live({ 'site-a': { 2: [12_000, 4400], 3: [5500, 1000] }, 'site-b': { 2: [0, 0] } });
    expect(rows(site('site-a'), 'counters').map((r) => r.slice(0, 5))).toEqual([
      ['2', '80', '1,000', '200', '80%'], ['3', '20', '250', '0', '20%'],
    ]);
    expect(rows(site('site-b'), 'counters').map((r) => r.slice(0, 5))).toEqual([['2', '80', '0', '0', '—']]);
  });

  it('says when there are none, and why they cannot be read', async () => {
    await open([]);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No ILNP sites. Add one with POST ilnp/sites');

    (view().querySelector('button') as HTMLButtonElement).click();
    await fixture.whenStable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading ILNP sites');
    http.expectOne(SITES).flush({ code: 503, message: 'Sixflow is starting or stopping (IlnpSiteService); try again later' },
      { status: 503, statusText: 'Service Unavailable' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent)
      .toContain('The ILNP sites could not be loaded: Sixflow is starting or stopping (IlnpSiteService); try again later');
  });

  it('says what a weight change did and reads the sites again quietly', async () => {
    await open([SITE_A]);
    await live({ 'site-a': { 2: [0, 0], 3: [0, 0] } });
    type(view(), '#weight-site-a-2', '50');
    type(view(), '#weight-site-a-3', '50');
    (Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.includes('Apply weights')) as HTMLButtonElement).click();
    const changed: IlnpSite = { ...SITE_A, revision: 4, uplinks: SITE_A.uplinks.map((u) => ({ ...u, weight: 50 })) };
    http.expectOne({ method: 'PUT', url: `${BASE}/ilnp/sites/site-a/weights` }).flush({ site: changed });
    await fixture.whenStable();
    expect(view().querySelector('.notice')?.textContent).toContain('Site site-a now weighs its uplinks 2: 50, 3: 50 (revision 4)');
    http.expectOne(SITES).flush({ sites: [changed], total: 1, next: null });
    await fixture.whenStable();
    expect(rows(site('site-a'), 'uplinks').map((r) => r[4])).toEqual(['50', '50']);
    // The site stayed on the page: its live reads go on from where they were.
    http.expectNone(`${BASE}/ilnp/sites/site-a/counters`);
  });

  it('asks every second while a site is requested, until its owner installs it', async () => {
    await open([{ ...SITE_A, state: 'REQUESTED' }]);
    await live({ 'site-a': { 2: [0, 0], 3: [0, 0] } });
    jasmine.clock().tick(1000);
    await fixture.whenStable();
    http.expectOne(SITES).flush({ sites: [SITE_A], total: 1, next: null });
    await fixture.whenStable();
    expect(text(site('site-a').querySelector('h3 .state')!)).toBe('INSTALLED');
    jasmine.clock().tick(1500);
    await fixture.whenStable();
    http.expectNone(SITES);
    // Meanwhile the counters' 2 s came round.
    await live({ 'site-a': { 2: [0, 0], 3: [0, 0] } });
  });
});
