// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp, SIXFLOW_API_BASE } from '../../core/api-http';
import { MultihomingRun, MultihomingRunSummary, MultihomingStudy } from './multihoming-models';

/** Typed client of /multihoming: the studies (the thesis's grid), their runs and a run's cells. */
@Injectable({ providedIn: 'root' })
export class MultihomingApi {
  private readonly http = inject(ApiHttp);
  private readonly base = inject(SIXFLOW_API_BASE);

  studies(): Observable<MultihomingStudy[]> {
    return this.http.get<{ studies: MultihomingStudy[] }>('multihoming/studies').pipe(map((body) => body.studies));
  }

  /** Study bodies ready to POST (the lab's "thesis" grid). */
  presets(): Observable<MultihomingStudy[]> {
    return this.http.get<{ presets: MultihomingStudy[] }>('multihoming/presets').pipe(map((body) => body.presets));
  }

  /** Stores a study (409 when its id is in use). */
  create(study: MultihomingStudy): Observable<MultihomingStudy> {
    return this.http.send<MultihomingStudy>('POST', 'multihoming/studies', study);
  }

  /** Queues a run of the study (409 while one of it is queued or running). */
  start(studyId: string): Observable<MultihomingRunSummary> {
    return this.http.send<MultihomingRunSummary>('POST', `${study(studyId)}/runs`);
  }

  /** The study's runs, newest first. */
  runs(studyId: string): Observable<MultihomingRunSummary[]> {
    return this.http.get<{ runs: MultihomingRunSummary[] }>(`${study(studyId)}/runs`).pipe(map((body) => body.runs));
  }

  run(runId: number): Observable<MultihomingRun> {
    return this.http.get<MultihomingRun>(`multihoming/runs/${runId}`);
  }

  /** Asks a queued or running run to stop (409 once it has finished). */
  cancel(runId: number): Observable<MultihomingRunSummary> {
    return this.http.send<MultihomingRunSummary>('POST', `multihoming/runs/${runId}/cancel`);
  }

  /** Where the browser downloads a run's cells from, one CSV line per cell. */
  cellsCsvUrl(runId: number): string {
    return `${this.base}/multihoming/runs/${runId}/cells.csv`;
  }
}

function study(id: string): string {
  return `multihoming/studies/${encodeURIComponent(id)}`;
}
