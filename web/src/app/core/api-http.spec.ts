// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from './api-error';
import { ApiHttp, SIXFLOW_API_BASE, query } from './api-http';

describe('ApiHttp', () => {
  let api: ApiHttp;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: SIXFLOW_API_BASE, useValue: '/api' }],
    });
    api = TestBed.inject(ApiHttp);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('leaves out query parameters that are not given', () => {
    expect(query({ device: 'device:a', class: undefined, from: '' }).toString()).toBe('device=device:a');
  });

  it('sends changes with their method and body under the base', async () => {
    const answer = firstValueFrom(api.send<{ ok: boolean }>('PUT', 'things/1', { name: 'x' }));
    const put = http.expectOne({ method: 'PUT', url: '/api/things/1' });
    expect(put.request.body).toEqual({ name: 'x' });
    put.flush({ ok: true });
    expect((await answer).ok).toBeTrue();
  });

  it('turns a 400 into an ApiError carrying the server\'s message', async () => {
    const answer = firstValueFrom(api.send('POST', 'things', {}));
    http.expectOne({ method: 'POST', url: '/api/things' })
      .flush({ code: 400, message: 'name is required' }, { status: 400, statusText: 'Bad Request' });
    await expectAsync(answer).toBeRejectedWith(new ApiError(400, 'name is required'));
  });
});
