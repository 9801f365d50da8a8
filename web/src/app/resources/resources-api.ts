// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp, query } from '../core/api-http';
import { MauReport, TableOccupancy } from '../core/api-models';

/** Typed client of /resources (Tofino MAU report, table occupancy). */
@Injectable({ providedIn: 'root' })
export class ResourcesApi {
  private readonly http = inject(ApiHttp);

  tables(device?: string): Observable<TableOccupancy[]> {
    return this.http.get<{ tables: TableOccupancy[] }>('resources/tables', query({ device })).pipe(map((b) => b.tables));
  }

  mau(pipeconf?: string): Observable<MauReport> {
    return this.http.get<MauReport>('resources/mau', query({ pipeconf }));
  }
}
