// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpErrorResponse } from '@angular/common/http';

import { ApiError } from './api-error';

describe('ApiError.from', () => {
  const base = '/onos/sixflow/v1';

  function failure(status: number, statusText: string, error: unknown = null): HttpErrorResponse {
    return new HttpErrorResponse({ status, statusText, error, url: `${base}/devices` });
  }

  it('keeps the message of a Sixflow JSON error', () => {
    const error = ApiError.from(failure(400, 'Bad Request', { code: 400, message: 'limit must be 1..1000' }), base);
    expect(error).toEqual(new ApiError(400, 'limit must be 1..1000'));
  });

  it('keeps the messages a 400 gives per field, and only text ones', () => {
    const error = ApiError.from(failure(400, 'Bad Request', { code: 400, message: 'ingress: no link; packetsPerClass: …',
      fields: { ingress: 'no link', packetsPerClass: 'must be a whole number', odd: 3 } }), base);
    expect(error.message).toBe('ingress: no link; packetsPerClass: …');
    expect(error.fields).toEqual({ ingress: 'no link', packetsPerClass: 'must be a whole number' });
    expect(ApiError.from(failure(400, 'Bad Request', { message: 'x', fields: ['a'] }), base).fields).toEqual({});
  });

  it('keeps every problem of an "errors" list, two of one field joined', () => {
    const error = ApiError.from(failure(400, 'Bad Request', { code: 400, message: 'all of them',
      errors: [{ field: 'receivers', message: 'a' }, { field: 'group', message: 'b' }, { field: 'receivers', message: 'c' },
        { field: 3, message: 'odd' }] }), base);
    expect(error.message).toBe('all of them');
    expect(error.fields).toEqual({ receivers: 'a; c', group: 'b' });
  });

  it('ignores a JSON body whose message is not text', () => {
    const error = ApiError.from(failure(418, "I'm a teapot", { message: 42 }), base);
    expect(error.message).toBe(`The Sixflow REST API answered 418 I'm a teapot for ${base}/devices.`);
  });

  it('replaces Jersey\'s bare "HTTP 404 Not Found" with what to check', () => {
    const error = ApiError.from(failure(404, 'Not Found', { code: 404, message: 'HTTP 404 Not Found' }), base);
    expect(error.message).toContain('org.sixflow.app');
  });

  it('says the API is unreachable on a network failure', () => {
    const error = ApiError.from(failure(0, ''), base);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Cannot reach the Sixflow REST API at \/onos\/sixflow\/v1: /);
    expect(error.message).toContain('proxy.conf.json');
  });

  it('points at the credentials on 401', () => {
    const error = ApiError.from(failure(401, 'Unauthorized', '<html>login</html>'), base);
    expect(error.status).toBe(401);
    expect(error.message).toContain('check the ONOS user and password');
  });

  it('points at the ONOS app on a bare 404', () => {
    expect(ApiError.from(failure(404, 'Not Found', ''), base).message).toContain('org.sixflow.app');
  });

  it('treats a proxy 504 as ONOS being unreachable', () => {
    const error = ApiError.from(failure(504, 'Gateway Timeout', 'upstream timed out'), base);
    expect(error.status).toBe(504);
    expect(error.message).toContain(`Cannot reach the Sixflow REST API at ${base}: 504 Gateway Timeout`);
  });
});
