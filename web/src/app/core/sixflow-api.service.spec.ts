// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from './api-error';
import { PipeconfSummary } from './api-models';
import { SIXFLOW_API_BASE, SixflowApi } from './sixflow-api.service';

describe('SixflowApi', () => {
  let api: SixflowApi;
  let http: HttpTestingController;

  const bmv2: PipeconfSummary = {
    id: 'org.sixflow.full.bmv2', target: 'bmv2', architecture: 'v1model', tables: 2, actions: 5, counters: 1,
    registers: 0, extensions: ['P4_INFO_TEXT', 'BMV2_JSON'], devices: ['device:beijing'],
  };

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: SIXFLOW_API_BASE, useValue: '/api' }],
    });
    api = TestBed.inject(SixflowApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('unwraps the pipeconf list', async () => {
    const result = firstValueFrom(api.pipeconfs());
    http.expectOne('/api/pipeconfs').flush({ pipeconfs: [bmv2] });
    expect(await result).toEqual([bmv2]);
  });

  it('encodes the pipeconf id in the path', async () => {
    const result = firstValueFrom(api.pipeconf('org.sixflow/odd id'));
    http.expectOne('/api/pipeconfs/org.sixflow%2Fodd%20id').flush({ id: 'org.sixflow/odd id' });
    expect((await result).id).toBe('org.sixflow/odd id');
  });

  it('passes the events limit as a query parameter', async () => {
    const result = firstValueFrom(api.events(5));
    http.expectOne('/api/events?limit=5').flush({ events: [] });
    expect(await result).toEqual([]);
  });

  it('turns a JSON error body into an ApiError with its message', async () => {
    const result = firstValueFrom(api.pipeconf('org.example.none'));
    http.expectOne('/api/pipeconfs/org.example.none')
      .flush({ code: 404, message: 'No pipeconf org.example.none is registered' }, { status: 404, statusText: 'Not Found' });
    await expectAsync(result).toBeRejectedWith(new ApiError(404, 'No pipeconf org.example.none is registered'));
  });

  it('says the API is unreachable when the network fails', async () => {
    const result = firstValueFrom(api.health());
    http.expectOne('/api/health').error(new ProgressEvent('error'), { status: 0 });
    const error = await result.catch((e: unknown) => e) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toContain('Cannot reach the Sixflow REST API at /api');
  });

  it('falls back to the status line for non-JSON errors', async () => {
    const result = firstValueFrom(api.devices());
    http.expectOne('/api/devices').flush('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await result.catch((e: unknown) => e) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toContain('502 Bad Gateway');
  });

  it('fetches the topology', async () => {
    const topology = firstValueFrom(api.topology());
    http.expectOne('/api/topology').flush({ devices: [], links: [] });
    expect((await topology).links).toEqual([]);
  });
});
