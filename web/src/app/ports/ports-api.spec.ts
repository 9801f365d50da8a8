// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { PortsApi } from './ports-api';

describe('PortsApi', () => {
  let api: PortsApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1/telemetry';

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(PortsApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads the latest counters, for all devices or one, and a port\'s history', async () => {
    const all = firstValueFrom(api.ports());
    http.expectOne(`${BASE}/ports`).flush({ ports: [] });
    expect(await all).toEqual([]);
    const one = firstValueFrom(api.ports('device:a'));
    http.expectOne(`${BASE}/ports?device=device:a`).flush({ ports: [] });
    await one;
    const history = firstValueFrom(api.portHistory('device:a', 'eth 1', {}, '10'));
    http.expectOne(`${BASE}/ports/history?device=device:a&port=eth%201&step=10`).flush({ points: [] });
    await history;
  });
});
