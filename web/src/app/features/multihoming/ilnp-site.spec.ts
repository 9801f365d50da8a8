// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { BASE, SITE_A, counters } from './fixtures.spec';
import { IlnpSiteView } from './ilnp-site';
import { PAGE_VISIBLE } from './page-visible';

describe('IlnpSiteView', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<IlnpSiteView>;
  let changes: string[];

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: PAGE_VISIBLE, useValue: signal(true) }],
    });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(IlnpSiteView);
    fixture.componentRef.setInput('site', SITE_A);
    changes = [];
    fixture.componentInstance.changed.subscribe((text) => changes.push(text));
    await fixture.whenStable();
    http.expectOne(`${BASE}/ilnp/sites/site-a/counters`).flush(counters({ 2: [1, 1], 3: [1, 1] }));
    http.expectOne(`${BASE}/ilnp/sites/site-a/locator-updates`).flush({ site: 'site-a', received: 0, last: [] });
    http.expectOne(`${BASE}/ilnp/sites/site-a/sessions`).flush({ site: 'site-a', updatesSent: 0, sessions: [] });
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const button = (label: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(label)) as HTMLButtonElement;

  it('shows the site\'s parts, each under its heading, with table headers scoped', () => {
    expect(Array.from(view().querySelectorAll('h4')).map((h) => h.textContent)).toEqual(
      ['Live counters', 'Weights', 'Recent Locator Updates', "Hosts' sessions and the border router's Locator Updates"]);
    expect(view().querySelector('app-site-counters table.counters')).not.toBeNull();
    expect(view().querySelector('app-site-weights input#weight-site-a-2')).not.toBeNull();
    expect(view().querySelector('app-locator-updates .status.empty')).not.toBeNull();
    expect(view().querySelector('app-site-sessions .status.empty')).not.toBeNull();
    expect(Array.from(view().querySelectorAll('table.uplinks th')).every((th) => th.hasAttribute('scope'))).toBeTrue();
  });

  it('deletes only after a confirmation that takes the focus, and says a refusal', async () => {
    button('Delete site site-a').click();
    await fixture.whenStable();
    http.expectNone({ method: 'DELETE' });
    expect(document.activeElement?.id).toBe('site-site-a-confirm-delete');
    button('Keep it').click();
    await fixture.whenStable();
    expect(view().querySelector('#site-site-a-confirm-delete')).toBeNull();

    button('Delete site site-a').click();
    await fixture.whenStable();
    button('Really delete site-a').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/ilnp/sites/site-a` })
      .flush({ code: 404, message: 'No ILNP site site-a' }, { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view().querySelector('.remove-error')?.textContent).toContain('No ILNP site site-a');
    expect(changes).toEqual([]);

    button('Really delete site-a').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/ilnp/sites/site-a` }).flush(null, { status: 204, statusText: 'No Content' });
    await fixture.whenStable();
    expect(changes).toEqual(['Site site-a removed, with its entries on device:sbr.']);
  });
});
