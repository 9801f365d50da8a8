// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { LatencyApi } from './latency-api';

describe('LatencyApi', () => {
  let api: LatencyApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1/telemetry';

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(LatencyApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('passes the parameters the contract names and leaves out the ones not given', async () => {
    const series = firstValueFrom(api.latency('device:a', 'ipv6', { from: '2026-11-22T10:00:00Z' }, '60'));
    http.expectOne(`${BASE}/latency?device=device:a&class=ipv6&from=2026-11-22T10:00:00Z&step=60`).flush({ points: [] });
    await series;
    const statistics = firstValueFrom(api.statistics('device:a', 'apn6-insert', 'ipv6', {}));
    http.expectOne(`${BASE}/statistics?device=device:a&feature=apn6-insert&baseline=ipv6`).flush({});
    await statistics;
    const histogram = firstValueFrom(api.histogram('device:a', 'ipv6', {}, 30));
    http.expectOne(`${BASE}/histogram?device=device:a&class=ipv6&buckets=30`).flush({});
    await histogram;
    const replicas = firstValueFrom(api.replicas('device:a', 'msr6-replicate', { to: '2026-11-22T11:00:00Z' }));
    http.expectOne(`${BASE}/replicas?device=device:a&class=msr6-replicate&to=2026-11-22T11:00:00Z`).flush({ replicas: [] });
    await replicas;
  });
});
