// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { Apn6Policy } from './apn6-models';
import { PoliciesApi } from './policies-api';

describe('PoliciesApi', () => {
  let api: PoliciesApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1';
  const policy: Apn6Policy = { id: 'p q', priority: 1, match: {}, stripAtEgress: false,
    option: { slaLevel: 0, appId: 0, userId: 0, flowId: 0 } };

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(PoliciesApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('validates, creates, replaces and deletes policies', async () => {
    const check = firstValueFrom(api.validatePolicy(policy));
    http.expectOne({ method: 'POST', url: `${BASE}/policies/validate` })
      .flush({ code: 400, message: 'option.appId must be a whole number' }, { status: 400, statusText: 'Bad Request' });
    await expectAsync(check).toBeRejectedWith(new ApiError(400, 'option.appId must be a whole number'));

    const created = firstValueFrom(api.createPolicy(policy));
    http.expectOne({ method: 'POST', url: `${BASE}/policies` }).flush({ policy, validation: { valid: true } });
    expect((await created).policy.id).toBe('p q');

    const replaced = firstValueFrom(api.updatePolicy(policy));
    http.expectOne({ method: 'PUT', url: `${BASE}/policies/p%20q` }).flush({ policy, validation: { valid: true } });
    await replaced;

    const removed = firstValueFrom(api.deletePolicy('p q'), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/policies/p%20q` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });
});
