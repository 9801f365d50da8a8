// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { tunnelOf } from './tunnel-form';
import { GOOD_FORM } from './tunnel-form.spec';
import { TunnelsApi } from './tunnels-api';

describe('TunnelsApi', () => {
  let api: TunnelsApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1';
  const request = tunnelOf(GOOD_FORM);

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(TunnelsApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads a page at a time, the first without an offset', async () => {
    const first = firstValueFrom(api.page(50, 0));
    http.expectOne(`${BASE}/gtpu/tunnels?limit=50`).flush({ tunnels: [], total: 60, next: 50 });
    expect((await first).next).toBe(50);
    const second = firstValueFrom(api.page(50, 50));
    http.expectOne(`${BASE}/gtpu/tunnels?limit=50&offset=50`).flush({ tunnels: [], total: 60, next: null });
    expect((await second).next).toBeNull();
  });

  it('reads every tunnel, page after page, for a choice of one', async () => {
    const all = firstValueFrom(api.all());
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`)
      .flush({ tunnels: [{ id: 'ue-1' }, { id: 'ue-2' }], total: 1001, next: 1000 });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000&offset=1000`).flush({ tunnels: [{ id: 'ue-3' }], total: 1001, next: null });
    expect((await all).map((t) => t.id)).toEqual(['ue-1', 'ue-2', 'ue-3']);
  });

  it('reads one tunnel, validates, creates and deletes', async () => {
    const one = firstValueFrom(api.tunnel('ue 1'));
    http.expectOne(`${BASE}/gtpu/tunnels/ue%201`).flush({ id: 'ue 1' });
    expect((await one).id).toBe('ue 1');

    const check = firstValueFrom(api.validateTunnel(request));
    const validate = http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels/validate` });
    expect(validate.request.body).toEqual(request);
    validate.flush({ valid: false, problems: ['uplinkTeid 1 is in use by tunnel ue-9'], conflicts: [] });
    expect((await check).problems).toEqual(['uplinkTeid 1 is in use by tunnel ue-9']);

    const created = firstValueFrom(api.createTunnel(request));
    http.expectOne({ method: 'POST', url: `${BASE}/gtpu/tunnels` })
      .flush({ code: 409, message: 'tunnel ue-1001 exists' }, { status: 409, statusText: 'Conflict' });
    await expectAsync(created).toBeRejectedWith(new ApiError(409, 'tunnel ue-1001 exists'));

    const removed = firstValueFrom(api.deleteTunnel('ue-1001'), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/gtpu/tunnels/ue-1001` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });

  it('reads the paths and how their echoes run', async () => {
    const paths = firstValueFrom(api.paths());
    http.expectOne(`${BASE}/gtpu/paths`)
      .flush({ echoIntervalSeconds: 60, echoMisses: 3, nextRound: null, paths: [{ device: 'device:beijing', state: 'UP' }] });
    expect((await paths).paths.map((p) => p.state)).toEqual(['UP']);
  });
});
