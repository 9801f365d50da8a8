// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp, SIXFLOW_API_BASE, query } from '../core/api-http';
import { Experiment, ExperimentDetail, ExperimentResults, ExperimentRun, ExperimentSample, ExperimentSummary, ExperimentTable, ExperimentValidation, RunComparison } from '../core/api-models';

/** The formats a run's results export to. */
export type ExportFormat = 'csv' | 'json';

/** Typed client of /experiments: definitions, runs, results, samples, exports and comparisons. */
@Injectable({ providedIn: 'root' })
export class ExperimentsApi {
  private readonly http = inject(ApiHttp);
  private readonly base = inject(SIXFLOW_API_BASE);

  experiments(): Observable<ExperimentSummary[]> {
    return this.http.get<{ experiments: ExperimentSummary[] }>('experiments').pipe(map((body) => body.experiments));
  }

  presets(): Observable<Experiment[]> {
    return this.http.get<{ presets: Experiment[] }>('experiments/presets').pipe(map((body) => body.presets));
  }

  experiment(id: string): Observable<ExperimentDetail> {
    return this.http.get<ExperimentDetail>(path(id));
  }

  validate(experiment: Experiment): Observable<ExperimentValidation> {
    return this.http.send<ExperimentValidation>('POST', 'experiments/validate', experiment);
  }

  create(experiment: Experiment): Observable<Experiment> {
    return this.http.send<Experiment>('POST', 'experiments', experiment);
  }

  remove(id: string): Observable<void> {
    return this.http.send<void>('DELETE', path(id));
  }

  start(id: string): Observable<ExperimentRun> {
    return this.http.send<ExperimentRun>('POST', `${path(id)}/runs`);
  }

  run(id: string, runId: number): Observable<ExperimentRun> {
    return this.http.get<ExperimentRun>(`${path(id)}/runs/${runId}`);
  }

  cancel(id: string, runId: number): Observable<ExperimentRun> {
    return this.http.send<ExperimentRun>('POST', `${path(id)}/runs/${runId}/cancel`);
  }

  results(id: string, runId: number): Observable<ExperimentResults> {
    return this.http.get<ExperimentResults>(`${path(id)}/runs/${runId}/results`);
  }

  /** A run's raw samples in arrival order: of one class (by name) if given, at most `limit`. */
  samples(id: string, runId: number, className?: string, limit?: number): Observable<ExperimentSample[]> {
    return this.http.get<{ samples: ExperimentSample[] }>(`${path(id)}/runs/${runId}/samples`,
      query({ class: className, limit: limit === undefined ? undefined : String(limit) }))
      .pipe(map((body) => body.samples));
  }

  /** Two runs compared; an older server's answer, without tables, reads as one with none. */
  compare(runA: number, runB: number): Observable<RunComparison> {
    return this.http.get<Omit<RunComparison, 'tables'> & { tables?: ExperimentTable[] }>('experiments/compare',
      query({ a: String(runA), b: String(runB) })).pipe(map((body) => ({ ...body, tables: body.tables ?? [] })));
  }

  /** Where the browser downloads a run's results from (an attachment the server names). */
  exportUrl(id: string, runId: number, format: ExportFormat): string {
    return `${this.base}/${path(id)}/runs/${runId}/export?format=${format}`;
  }
}

function path(id: string): string {
  return `experiments/${encodeURIComponent(id)}`;
}
