// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { TreesApi } from './trees-api';

describe('TreesApi', () => {
  let api: TreesApi;
  let http: HttpTestingController;
  const BASE = '/onos/sixflow/v1';

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(TreesApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('lists every page of trees', async () => {
    const list = firstValueFrom(api.trees());
    http.expectOne(`${BASE}/trees`).flush({ trees: [{ id: 'a' }, { id: 'b' }], total: 3, next: 2 });
    http.expectOne(`${BASE}/trees?offset=2`).flush({ trees: [{ id: 'c' }], total: 3, next: null });
    expect((await list).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('lists, creates, changes receivers of and deletes trees', async () => {
    const list = firstValueFrom(api.trees());
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    expect(await list).toEqual([]);

    const created = firstValueFrom(api.createTree({ id: 't', source: 'device:a/1', group: 'ff3e::1', receivers: [],
      mode: 'TE', algorithm: 'STEINER' }));
    const post = http.expectOne({ method: 'POST', url: `${BASE}/trees` });
    expect(post.request.body.id).toBe('t');
    post.flush({ id: 't' });
    expect((await created).id).toBe('t');

    const receivers = firstValueFrom(api.updateReceivers('a b', ['device:b/2']));
    const put = http.expectOne({ method: 'PUT', url: `${BASE}/trees/a%20b/receivers` });
    expect(put.request.body).toEqual({ receivers: ['device:b/2'] });
    put.flush({ id: 'a b' });
    await receivers;

    const removed = firstValueFrom(api.deleteTree('t'), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/trees/t` }).flush(null, { status: 204, statusText: 'No Content' });
    await removed;
  });
});
