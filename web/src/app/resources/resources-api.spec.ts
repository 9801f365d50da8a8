// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ResourcesApi } from './resources-api';

describe('ResourcesApi', () => {
  let api: ResourcesApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1/resources';

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(ResourcesApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads the MAU report (default pipeconf on the server) and table occupancy', async () => {
    const mau = firstValueFrom(api.mau());
    http.expectOne(`${BASE}/mau`).flush({ pipeconf: 'org.sixflow.core.tofino' });
    expect((await mau).pipeconf).toBe('org.sixflow.core.tofino');
    const tables = firstValueFrom(api.tables('device:a'));
    http.expectOne(`${BASE}/tables?device=device:a`).flush({ tables: [] });
    expect(await tables).toEqual([]);
  });
});
