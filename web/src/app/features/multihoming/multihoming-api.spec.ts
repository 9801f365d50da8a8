// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { BASE, RUN, THESIS, summary } from './fixtures.spec';
import { MultihomingApi } from './multihoming-api';

describe('MultihomingApi', () => {
  let api: MultihomingApi;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(MultihomingApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads the studies and the presets', async () => {
    const studies = firstValueFrom(api.studies());
    http.expectOne(`${BASE}/multihoming/studies`).flush({ studies: [THESIS] });
    expect((await studies).map((s) => s.id)).toEqual(['thesis']);
    const presets = firstValueFrom(api.presets());
    http.expectOne(`${BASE}/multihoming/presets`).flush({ presets: [THESIS] });
    expect((await presets)[0].frameSizes).toEqual([128, 1514]);
  });

  it('creates a study with the preset\'s body, and says a 409 as a conflict', async () => {
    const created = firstValueFrom(api.create(THESIS));
    const post = http.expectOne({ method: 'POST', url: `${BASE}/multihoming/studies` });
    expect(post.request.body).toEqual(THESIS);
    post.flush(THESIS, { status: 201, statusText: 'Created' });
    expect((await created).id).toBe('thesis');

    const again = firstValueFrom(api.create(THESIS));
    http.expectOne({ method: 'POST', url: `${BASE}/multihoming/studies` })
      .flush({ code: 409, message: 'study id thesis is in use' }, { status: 409, statusText: 'Conflict' });
    await expectAsync(again).toBeRejectedWith(new ApiError(409, 'study id thesis is in use'));
  });

  it('runs a study, lists its runs, reads and cancels a run', async () => {
    const started = firstValueFrom(api.start('the sis'));
    http.expectOne({ method: 'POST', url: `${BASE}/multihoming/studies/the%20sis/runs` })
      .flush(summary(8, 'QUEUED'), { status: 201, statusText: 'Created' });
    expect((await started).state).toBe('QUEUED');

    const runs = firstValueFrom(api.runs('thesis'));
    http.expectOne(`${BASE}/multihoming/studies/thesis/runs`).flush({ runs: [summary(8, 'QUEUED'), summary(7, 'DONE')] });
    expect((await runs).map((r) => r.id)).toEqual([8, 7]);

    const run = firstValueFrom(api.run(7));
    http.expectOne(`${BASE}/multihoming/runs/7`).flush(RUN);
    expect((await run).grid.length).toBe(RUN.grid.length);

    const cancelled = firstValueFrom(api.cancel(8));
    http.expectOne({ method: 'POST', url: `${BASE}/multihoming/runs/8/cancel` })
      .flush(summary(8, 'CANCELLED'), { status: 202, statusText: 'Accepted' });
    expect((await cancelled).state).toBe('CANCELLED');
  });

  it('gives the CSV\'s address under the API base', () => {
    expect(api.cellsCsvUrl(7)).toBe(`${BASE}/multihoming/runs/7/cells.csv`);
  });
});
