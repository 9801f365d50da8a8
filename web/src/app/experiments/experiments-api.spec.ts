// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../core/api-error';
import { ExperimentsApi } from './experiments-api';
import { APN6, BASE, PPPOE_COMPARISON_TABLES, RESULTS, run, sample, summary } from './fixtures.spec';

describe('ExperimentsApi', () => {
  let api: ExperimentsApi;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(ExperimentsApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('lists experiments and presets, and reads one with its runs', async () => {
    const list = firstValueFrom(api.experiments());
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(null)] });
    expect((await list)[0].lastRun).toBeNull();

    const presets = firstValueFrom(api.presets());
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [APN6] });
    expect((await presets).map((p) => p.id)).toEqual(['apn6-vs-ipv6']);

    const detail = firstValueFrom(api.experiment('a b'));
    http.expectOne(`${BASE}/experiments/a%20b`).flush({ ...APN6, runs: [run(2, 'DONE', 4000)] });
    expect((await detail).runs.length).toBe(1);
  });

  it('validates and creates, keeping the per-field messages of a 400', async () => {
    const check = firstValueFrom(api.validate(APN6));
    const validate = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(validate.request.body).toEqual(APN6);
    validate.flush({ valid: false, fields: { 'classes[1].policy': 'no APN6 policy apn6-ietf109' } });
    expect((await check).fields['classes[1].policy']).toContain('no APN6 policy');

    const created = firstValueFrom(api.create(APN6));
    http.expectOne({ method: 'POST', url: `${BASE}/experiments` }).flush(
      { code: 400, message: 'id: an experiment apn6-vs-ipv6 exists', fields: { id: 'an experiment apn6-vs-ipv6 exists' } },
      { status: 400, statusText: 'Bad Request' });
    await expectAsync(created).toBeRejectedWith(
      new ApiError(400, 'id: an experiment apn6-vs-ipv6 exists', { id: 'an experiment apn6-vs-ipv6 exists' }));
  });

  it('starts, follows, cancels runs and removes an experiment', async () => {
    const started = firstValueFrom(api.start(APN6.id));
    http.expectOne({ method: 'POST', url: `${BASE}/experiments/apn6-vs-ipv6/runs` }).flush(run(3, 'QUEUED'), { status: 202, statusText: 'Accepted' });
    expect((await started).state).toBe('QUEUED');

    const polled = firstValueFrom(api.run(APN6.id, 3));
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/3`).flush(run(3, 'RUNNING', 100));
    expect((await polled).sent).toBe(100);

    const cancelled = firstValueFrom(api.cancel(APN6.id, 3));
    http.expectOne({ method: 'POST', url: `${BASE}/experiments/apn6-vs-ipv6/runs/3/cancel` }).flush(run(3, 'CANCELLED', 100));
    expect((await cancelled).state).toBe('CANCELLED');

    const removed = firstValueFrom(api.remove(APN6.id), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/experiments/apn6-vs-ipv6` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });

  it('reads results, samples and comparisons, and names the export URLs', async () => {
    const results = firstValueFrom(api.results(APN6.id, 7));
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/results`).flush(RESULTS);
    expect((await results).comparisons[0].feature).toBe('apn6');

    const samples = firstValueFrom(api.samples(APN6.id, 7, 'apn6', 500));
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/samples?class=apn6&limit=500`).flush({ samples: [sample(1, 0, 370)] });
    expect((await samples)[0].deltaNanos).toBe(370);
    const all = firstValueFrom(api.samples(APN6.id, 7));
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/samples`).flush({ samples: [] });
    expect(await all).toEqual([]);

    const compared = firstValueFrom(api.compare(7, 8));
    http.expectOne(`${BASE}/experiments/compare?a=7&b=8`).flush({ runA: 7, runB: 8, rows: [], tables: PPPOE_COMPARISON_TABLES });
    expect((await compared).runB).toBe(8);
    expect((await compared).tables.map((t) => t.id)).toEqual(['packets-processing-upstream', 'packets-total-upstream']);
    // An older server writes no tables: none, not undefined.
    const older = firstValueFrom(api.compare(7, 9));
    http.expectOne(`${BASE}/experiments/compare?a=7&b=9`).flush({ runA: 7, runB: 9, rows: [] });
    expect(await older).toEqual({ runA: 7, runB: 9, rows: [], tables: [] });

    expect(api.exportUrl(APN6.id, 7, 'csv')).toBe(`${BASE}/experiments/apn6-vs-ipv6/runs/7/export?format=csv`);
    expect(api.exportUrl(APN6.id, 7, 'json')).toBe(`${BASE}/experiments/apn6-vs-ipv6/runs/7/export?format=json`);
  });
});
