// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { BASE } from './fixtures.spec';
import { PAGE_VISIBLE } from './page-visible';
import { SiteSessions } from './site-sessions';

const SESSIONS = `${BASE}/ilnp/sites/site-a/sessions`;

describe('SiteSessions', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<SiteSessions>;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: PAGE_VISIBLE, useValue: signal(true) }],
    });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(SiteSessions);
    fixture.componentRef.setInput('site', 'site-a');
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;

  it('lists each session: host, correspondent, Nonce length, last seen, updates sent and both sides\' locators', async () => {
    http.expectOne(SESSIONS).flush({ site: 'site-a', updatesSent: 1234, sessions: [
      { host: 'fd00:5:1::a', correspondent: 'fd00:5:c::b', nonceOctets: 4, firstSeen: '2026-11-30T22:00:00Z',
        lastSeen: '2026-11-30T22:10:03.456Z', updatesSent: 3, lastUpdate: '2026-11-30T22:09:00Z',
        lastAdvertised: [{ locator: '2001:db8:b01:1', preference: 10, lifetime: 600 }],
        correspondentLocators: [{ locator: 'fd00:5:c', preference: 10, lifetime: 600 },
          { locator: 'fd00:5:c:1', preference: 10, lifetime: 600 }] },
      { host: 'fd00:5:1::c', correspondent: 'fd00:5:c::d', nonceOctets: 12, firstSeen: '2026-11-30T22:00:00Z',
        lastSeen: '2026-11-30T22:09:59Z', updatesSent: 0, lastUpdate: null, lastAdvertised: [], correspondentLocators: [] },
    ] });
    await fixture.whenStable();
    const rows = Array.from(view().querySelectorAll('table.site-sessions tbody tr'))
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual([
      ['fd00:5:1::a', 'fd00:5:c::b', '4 octets', '22:10:03', '3, last 22:09:00', '2001:db8:b01:1 (10)',
        'fd00:5:c (10), fd00:5:c:1 (10)'],
      ['fd00:5:1::c', 'fd00:5:c::d', '12 octets', '22:09:59', '0', 'none', 'none'],
    ]);
    expect(view().querySelector('caption')?.textContent).toContain('2 seen in the last two minutes; 1,234 Locator Updates sent');
  });

  it('says when none were seen, and when they cannot be read', async () => {
    http.expectOne(SESSIONS).flush({ site: 'site-a', updatesSent: 0, sessions: [] });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain("No sessions of site-a's hosts reported");

    fixture.componentRef.setInput('site', 'site b');
    await fixture.whenStable();
    http.expectOne(`${BASE}/ilnp/sites/site%20b/sessions`).flush({ code: 404, message: 'No ILNP site site b' },
      { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('could not be read: No ILNP site site b');
  });
});
