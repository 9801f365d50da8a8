// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { WritableSignal, signal } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { BASE, counters } from './fixtures.spec';
import { PAGE_VISIBLE } from './page-visible';
import { SiteCounters } from './site-counters';

const COUNTERS = `${BASE}/ilnp/sites/site-a/counters`;

describe('SiteCounters', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<SiteCounters>;
  let visible: WritableSignal<boolean>;

  beforeEach(() => {
    jasmine.clock().install();
    jasmine.clock().mockDate(new Date('2026-11-30T01:00:00Z'));
    visible = signal(true);
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: PAGE_VISIBLE, useValue: visible }],
    });
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => {
    jasmine.clock().uninstall();
    http.verify();
  });

  const view = () => fixture.nativeElement as HTMLElement;
  const rows = () => Array.from(view().querySelectorAll('table.counters tbody tr'))
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim()));

  async function open(): Promise<void> {
    fixture = TestBed.createComponent(SiteCounters);
    fixture.componentRef.setInput('site', 'site-a');
    await fixture.whenStable();
  }

  /** Lets the poll interval pass; the next reading is asked for. */
  async function nextPoll(): Promise<void> {
    jasmine.clock().tick(2000);
    await fixture.whenStable();
  }

  it('reads every 2 s and computes each uplink\'s packet rates and outbound share from the last two readings', async () => {
    await open();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Reading the counters of site-a');
    http.expectOne(COUNTERS).flush(counters({ 2: [1000, 500], 3: [1000, 100] }));
    await fixture.whenStable();
    expect(rows()).toEqual([
      ['2', '80', '—', '—', '—', '1,000', '1,000,000', '500', '500,000'],
      ['3', '20', '—', '—', '—', '1,000', '1,000,000', '100', '100,000'],
    ]);
    expect(view().querySelector('.first-reading')?.textContent).toContain('Rates from the next reading, in 2 s');

    await nextPoll();
    http.expectOne(COUNTERS).flush(counters({ 2: [2600, 900], 3: [1400, 100] }));
    await fixture.whenStable();
    expect(rows()).toEqual([
      ['2', '80', '800', '200', '80%', '2,600', '2,600,000', '900', '900,000'],
      ['3', '20', '200', '0', '20%', '1,400', '1,400,000', '100', '100,000'],
    ]);
    expect(view().querySelector('caption')?.textContent).toContain('2 s apart');
    expect(view().querySelector('.first-reading')).toBeNull();
    expect(view().querySelector('thead th')?.getAttribute('scope')).toBe('col');
  });

  it('says when the device cannot be read (503), keeps the last reading and goes on asking', async () => {
    await open();
    http.expectOne(COUNTERS).flush(counters({ 2: [1000, 500], 3: [1000, 100] }));
    await fixture.whenStable();
    await nextPoll();
    http.expectOne(COUNTERS).flush({ code: 503, message: 'device:sbr is not available: its counters cannot be read' },
      { status: 503, statusText: 'Service Unavailable' });
    await fixture.whenStable();
    expect(view().querySelector('.counters-error')?.textContent)
      .toContain('The counters of site-a could not be read: device:sbr is not available: its counters cannot be read');
    expect(rows().length).toBe(2);

    await nextPoll();
    http.expectOne(COUNTERS).flush(counters({ 2: [1800, 500], 3: [1200, 100] }));
    await fixture.whenStable();
    expect(view().querySelector('.counters-error')).toBeNull();
    // Against the last reading that came, 4 s before.
    expect(rows().map((r) => r.slice(0, 5))).toEqual([['2', '80', '200', '0', '80%'], ['3', '20', '50', '0', '20%']]);
  });

  it('pauses while the page is hidden', async () => {
    await open();
    http.expectOne(COUNTERS).flush(counters({ 2: [1000, 500] }));
    await fixture.whenStable();
    visible.set(false);
    await fixture.whenStable();
    await nextPoll();
    await nextPoll();
    http.expectNone(COUNTERS);
    expect(view().querySelector('.paused')?.textContent).toContain('Paused while the page is hidden');

    visible.set(true);
    await fixture.whenStable();
    await nextPoll();
    http.expectOne(COUNTERS).flush(counters({ 2: [1100, 500] }));
    await fixture.whenStable();
    expect(view().querySelector('.paused')).toBeNull();
  });
});
