// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpErrorResponse } from '@angular/common/http';

/**
 * A failed API call, with a message a person can act on. `fields` holds what a 400 says per field
 * when the server names them one by one: every problem of {"errors": [{"field", "message"}]} (two of
 * one field joined), and the experiments' {"fields": {"classes[1].packet.destination": …}}.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * Builds an ApiError from an HTTP failure. The server's JSON {"code", "message"} wins; without one
   * (ONOS down, proxy errors, ONOS's own HTML pages) the message says what to check.
   */
  static from(error: HttpErrorResponse, baseUrl: string): ApiError {
    const status = error.status;
    const body: unknown = error.error;
    const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
    // Jersey's own "HTTP 404 Not Found" (no such resource) says less than the hints below.
    if (typeof message === 'string' && !/^HTTP \d{3} /.test(message)) {
      return new ApiError(status, message, fieldsOf(body));
    }
    const url = error.url ?? baseUrl;
    const statusLine = `${status} ${error.statusText || 'error'}`.trim();
    switch (status) {
      case 0:
        return new ApiError(0, `Cannot reach the Sixflow REST API at ${baseUrl}: no answer at all. Is ONOS running, `
          + `and does the dev proxy (proxy.conf.json) or nginx forward /onos to it?`);
      case 401:
      case 403:
        return new ApiError(status, `ONOS refused ${url} (${statusLine}): check the ONOS user and password `
          + `that the dev proxy (proxy.conf.json) or nginx sends.`);
      case 404:
        return new ApiError(status, `Nothing at ${url} (${statusLine}): is the org.sixflow.app application `
          + `installed and active in ONOS, and recent enough to serve this?`);
      case 500: // a proxy's answer when ONOS is down; Sixflow's own 500s carry a JSON message
      case 502:
      case 503:
      case 504:
        return new ApiError(status, `Cannot reach the Sixflow REST API at ${baseUrl}: ${statusLine} with no `
          + `Sixflow error body, which is what the proxy answers when ONOS is down. Is ONOS running?`);
      default:
        return new ApiError(status, `The Sixflow REST API answered ${statusLine} for ${url}.`);
    }
  }
}

/** The per-field messages of an error body: its "errors" list and its "fields" object, text values only. */
function fieldsOf(body: unknown): Record<string, string> {
  const { fields, errors } = body as { fields?: unknown; errors?: unknown };
  const found: Record<string, string> = {};
  const add = (field: unknown, text: unknown) => {
    if (typeof field !== 'string' || typeof text !== 'string') return;
    if (found[field] === undefined) found[field] = text;
    else if (!found[field].split('; ').includes(text)) found[field] = `${found[field]}; ${text}`;
  };
  if (Array.isArray(errors)) {
    for (const error of errors) {
      if (error && typeof error === 'object') add((error as { field?: unknown }).field, (error as { message?: unknown }).message);
    }
  }
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
    for (const [field, text] of Object.entries(fields)) add(field, text);
  }
  return found;
}
