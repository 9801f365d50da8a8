// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp } from '../../core/api-http';
import { Apn6Policy, PolicyAnswer, PolicyValidation } from './apn6-models';

/** Typed client of /policies (APN6 SLA policies). */
@Injectable({ providedIn: 'root' })
export class PoliciesApi {
  private readonly http = inject(ApiHttp);

  policies(): Observable<Apn6Policy[]> {
    return this.http.all<Apn6Policy>('policies', 'policies');
  }

  policy(id: string): Observable<Apn6Policy> {
    return this.http.get<Apn6Policy>(`policies/${encodeURIComponent(id)}`);
  }

  validatePolicy(policy: Apn6Policy): Observable<PolicyValidation> {
    return this.http.send<PolicyValidation>('POST', 'policies/validate', policy);
  }

  createPolicy(policy: Apn6Policy): Observable<PolicyAnswer> {
    return this.http.send<PolicyAnswer>('POST', 'policies', policy);
  }

  updatePolicy(policy: Apn6Policy): Observable<PolicyAnswer> {
    return this.http.send<PolicyAnswer>('PUT', `policies/${encodeURIComponent(policy.id)}`, policy);
  }

  deletePolicy(id: string): Observable<void> {
    return this.http.send<void>('DELETE', `policies/${encodeURIComponent(id)}`);
  }
}
