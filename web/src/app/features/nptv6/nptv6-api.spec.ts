// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { Nptv6MappingRequest } from './nptv6-models';
import { Nptv6Api } from './nptv6-api';

describe('Nptv6Api', () => {
  let api: Nptv6Api;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1';
  const ISP1: Nptv6MappingRequest = {
    id: 'isp1', internalPrefix: 'fd01:203:405::/48', externalPrefix: '2001:db8:1::/48', uplink: 'device:beijing/2',
  };

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(Nptv6Api);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads every mapping, page after page', async () => {
    const all = firstValueFrom(api.mappings());
    http.expectOne(`${BASE}/nptv6/mappings?limit=1000`)
      .flush({ mappings: [{ ...ISP1, state: 'INSTALLED' }], total: 1001, next: 1000 });
    http.expectOne(`${BASE}/nptv6/mappings?limit=1000&offset=1000`)
      .flush({ mappings: [{ ...ISP1, id: 'isp2', state: 'REQUESTED' }], total: 1001, next: null });
    expect((await all).map((m) => [m.id, m.state])).toEqual([['isp1', 'INSTALLED'], ['isp2', 'REQUESTED']]);
  });

  it('says a missing service as the server does (404, 503)', async () => {
    const all = firstValueFrom(api.mappings());
    http.expectOne(`${BASE}/nptv6/mappings?limit=1000`).flush(
      { code: 503, message: 'Sixflow is starting or stopping (Nptv6MappingService); try again later' },
      { status: 503, statusText: 'Service Unavailable' });
    await expectAsync(all).toBeRejectedWith(
      new ApiError(503, 'Sixflow is starting or stopping (Nptv6MappingService); try again later'));
  });

  it('reads one mapping, creates with the body as given and deletes', async () => {
    const one = firstValueFrom(api.mapping('isp 1'));
    http.expectOne(`${BASE}/nptv6/mappings/isp%201`).flush({ ...ISP1, state: 'INSTALLED', entries: ['a', 'b'] });
    expect((await one).entries).toEqual(['a', 'b']);

    const created = firstValueFrom(api.createMapping(ISP1));
    const post = http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` });
    expect(post.request.body).toEqual(ISP1);
    post.flush({ mapping: { ...ISP1, state: 'REQUESTED' } }, { status: 201, statusText: 'Created' });
    expect((await created).mapping.state).toBe('REQUESTED');

    const refused = firstValueFrom(api.createMapping(ISP1));
    http.expectOne({ method: 'POST', url: `${BASE}/nptv6/mappings` }).flush({ code: 400,
      message: 'internalPrefix: fd01:203:405::1/48 has bits set past its length (did you mean fd01:203:405::/48?)',
      errors: [{ field: 'internalPrefix', message: 'fd01:203:405::1/48 has bits set past its length (did you mean fd01:203:405::/48?)' }] },
    { status: 400, statusText: 'Bad Request' });
    const error = await refused.then(() => null, (e: unknown) => e as ApiError);
    expect(error?.status).toBe(400);
    expect(error?.fields['internalPrefix']).toContain('has bits set past its length');

    const removed = firstValueFrom(api.deleteMapping('isp1'), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/nptv6/mappings/isp1` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });
});
