// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { BASE } from './fixtures.spec';
import { LocatorUpdates } from './locator-updates';
import { PAGE_VISIBLE } from './page-visible';

const UPDATES = `${BASE}/ilnp/sites/site-a/locator-updates`;

describe('LocatorUpdates', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<LocatorUpdates>;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: PAGE_VISIBLE, useValue: signal(true) }],
    });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(LocatorUpdates);
    fixture.componentRef.setInput('site', 'site-a');
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;

  it('lists the last updates: time, port, source, operation, locators and what became of each', async () => {
    http.expectOne(UPDATES).flush({ site: 'site-a', received: 1234, last: [
      { received: '2026-11-30T01:02:03.456Z', receivedFrom: 'device:sbr/2', source: 'fd49:4c4e::b', destination: '2001:db8:a01:1::10',
        operation: 'advertisement', outcome: 'FORWARDED_INTO_SITE',
        locators: [{ locator: '2001:db8:c::/64', preference: 1, lifetime: 30 }, { locator: '2001:db8:d::/64', preference: 2, lifetime: 30 }] },
      { received: '2026-11-30T01:02:00Z', receivedFrom: 'device:sbr/3', source: 'fd00:5:1:1::10', destination: '2001:db8:c::b',
        operation: 'acknowledgement', outcome: 'FROM_OUTSIDE_THE_SITE', locators: [] },
    ] });
    await fixture.whenStable();
    const rows = Array.from(view().querySelectorAll('table.locator-updates tbody tr'))
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.querySelector('li')
        ? Array.from(cell.querySelectorAll('li')).map((li) => li.textContent?.trim()).join(' | ')
        : cell.textContent?.trim())));
    expect(rows).toEqual([
      ['2026-11-30 01:02:03', 'device:sbr/2', 'fd49:4c4e::b', 'advertisement', '2001:db8:c::/64 (1, 30) | 2001:db8:d::/64 (2, 30)',
        'forwarded into the site'],
      ['2026-11-30 01:02:00', 'device:sbr/3', 'fd00:5:1:1::10', 'acknowledgement', 'none', 'dropped: claims the site from outside it'],
    ]);
    expect(view().querySelector('caption')?.textContent).toContain('1,234 received in all; the last 2');
    expect(view().querySelector('td.outcome.dropped')?.getAttribute('title')).toBe('FROM_OUTSIDE_THE_SITE');
  });

  it('says when none came, and when they cannot be read', async () => {
    http.expectOne(UPDATES).flush({ site: 'site-a', received: 0, last: [] });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No Locator Updates received for site-a yet');

    fixture.componentRef.setInput('site', 'site b');
    await fixture.whenStable();
    http.expectOne(`${BASE}/ilnp/sites/site%20b/locator-updates`).flush({ code: 404, message: 'No ILNP site site b' },
      { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('could not be read: No ILNP site site b');
  });
});
