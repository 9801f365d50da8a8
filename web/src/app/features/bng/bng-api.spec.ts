// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { BngConfig, BngLine, BngSession } from './bng-models';
import { BngApi } from './bng-api';

const BASE = '/onos/sixflow/v1';
const LINE: BngLine = {
  name: 'device:bng/1/100/10', port: 'device:bng/1', sTag: 100, cTag: 10, lineId: 1, controlFrames: 12,
  lastSeen: '2026-11-29T10:00:00Z', meter: { upstream: null, downstream: null },
};
const SESSION: BngSession = {
  id: 1, line: LINE, sessionId: 1, subscriberMac: '02:00:00:00:01:01', serverMac: '02:00:00:00:00:02', state: 'UP',
  user: 'alice', ipv4: '10.64.0.2', started: '2026-11-29T09:59:50Z', install: { state: 'INSTALLED' }, counters: {},
};

describe('BngApi', () => {
  let api: BngApi;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    api = TestBed.inject(BngApi);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('reads the sessions, one session, and the lines with the drops', async () => {
    const sessions = firstValueFrom(api.sessions());
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [SESSION] });
    expect((await sessions).map((s) => [s.id, s.user, s.state])).toEqual([[1, 'alice', 'UP']]);

    const one = firstValueFrom(api.session(7));
    http.expectOne(`${BASE}/bng/sessions/7`).flush({ ...SESSION, id: 7, counters: { UPSTREAM_TX: { packets: 3, bytes: 300 } } });
    expect((await one).counters['UPSTREAM_TX']).toEqual({ packets: 3, bytes: 300 });

    const lines = firstValueFrom(api.lines());
    http.expectOne(`${BASE}/bng/lines`).flush({ lines: [LINE], dropped: { unknownSession: 2 } });
    expect(await lines).toEqual({ lines: [LINE], dropped: { unknownSession: 2 } });
  });

  it('cuts a session with DELETE and says the server\'s 404', async () => {
    const cut = firstValueFrom(api.cut(1), { defaultValue: undefined });
    http.expectOne({ method: 'DELETE', url: `${BASE}/bng/sessions/1` }).flush(null, { status: 204, statusText: 'No Content' });
    await cut;

    const gone = firstValueFrom(api.cut(9));
    http.expectOne({ method: 'DELETE', url: `${BASE}/bng/sessions/9` })
      .flush({ code: 404, message: 'No BNG session 9 is going' }, { status: 404, statusText: 'Not Found' });
    await expectAsync(gone).toBeRejectedWith(new ApiError(404, 'No BNG session 9 is going'));
  });

  it('reads the configuration and puts it back as given; a 400 keeps its fields', async () => {
    const config: BngConfig = { server: 'device:bng/2', echoIntervalSeconds: 30, echoMisses: 4,
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }], prefixPool: null };
    const read = firstValueFrom(api.config());
    http.expectOne(`${BASE}/bng/config`).flush(config);
    expect(await read).toEqual(config);

    const saved = firstValueFrom(api.configure(config));
    const put = http.expectOne({ method: 'PUT', url: `${BASE}/bng/config` });
    expect(put.request.body).toEqual(config);
    put.flush(config);
    expect(await saved).toEqual(config);

    const refused = firstValueFrom(api.configure({ ...config, echoMisses: 0 }));
    http.expectOne({ method: 'PUT', url: `${BASE}/bng/config` }).flush({ code: 400, message: 'echoMisses: must be an integer 1..100, not 0',
      errors: [{ field: 'echoMisses', message: 'must be an integer 1..100, not 0' }] }, { status: 400, statusText: 'Bad Request' });
    const error = await refused.then(() => null, (e: unknown) => e as ApiError);
    expect(error?.status).toBe(400);
    expect(error?.fields).toEqual({ echoMisses: 'must be an integer 1..100, not 0' });
  });
});
