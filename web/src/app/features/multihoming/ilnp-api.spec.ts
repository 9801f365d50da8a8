// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { BASE, SITES, SITE_A, counters } from './fixtures.spec';
import { IlnpApi } from './ilnp-api';

describe('IlnpApi', () => {
  let api: IlnpApi;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(IlnpApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads every site, page after page', async () => {
    const all = firstValueFrom(api.sites());
    http.expectOne(SITES).flush({ sites: [SITE_A], total: 1001, next: 1000 });
    http.expectOne(`${SITES}&offset=1000`).flush({ sites: [{ ...SITE_A, name: 'site-b' }], total: 1001, next: null });
    expect((await all).map((s) => s.name)).toEqual(['site-a', 'site-b']);
  });

  it('reads a site\'s counters and says why the device cannot be read (503)', async () => {
    const read = firstValueFrom(api.counters('site a'));
    http.expectOne(`${BASE}/ilnp/sites/site%20a/counters`).flush(counters({ 2: [10, 5] }));
    expect((await read).uplinks[0].outPackets).toBe(10);

    const unread = firstValueFrom(api.counters('site-a'));
    http.expectOne(`${BASE}/ilnp/sites/site-a/counters`).flush(
      { code: 503, message: 'device:sbr is not available: its counters cannot be read' },
      { status: 503, statusText: 'Service Unavailable' });
    await expectAsync(unread).toBeRejectedWith(new ApiError(503, 'device:sbr is not available: its counters cannot be read'));
  });

  it('reads the Locator Updates, sends new weights by port, and deletes', async () => {
    const updates = firstValueFrom(api.locatorUpdates('site-a'));
    http.expectOne(`${BASE}/ilnp/sites/site-a/locator-updates`).flush({ site: 'site-a', received: 0, last: [] });
    expect((await updates).received).toBe(0);

    const sessions = firstValueFrom(api.sessions('site a'));
    http.expectOne(`${BASE}/ilnp/sites/site%20a/sessions`).flush({ site: 'site a', updatesSent: 2, sessions: [] });
    expect((await sessions).updatesSent).toBe(2);

    const changed = firstValueFrom(api.setWeights('site-a', { '2': 50, '3': 50 }));
    const put = http.expectOne({ method: 'PUT', url: `${BASE}/ilnp/sites/site-a/weights` });
    expect(put.request.body).toEqual({ weights: { '2': 50, '3': 50 } });
    put.flush({ site: { ...SITE_A, revision: 4 } });
    expect((await changed).site.revision).toBe(4);

    const removed = firstValueFrom(api.deleteSite('site-a'), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/ilnp/sites/site-a` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });
});
