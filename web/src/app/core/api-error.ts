// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpErrorResponse } from '@angular/common/http';

/** A failed API call, with a message a person can act on. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Builds an ApiError from an HTTP failure, preferring the server's JSON {"message": …}. */
  static from(error: HttpErrorResponse, baseUrl: string): ApiError {
    if (error.status === 0) {
      return new ApiError(0, `Cannot reach the Sixflow REST API at ${baseUrl}: is ONOS running with the Sixflow app?`);
    }
    const body: unknown = error.error;
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return new ApiError(error.status, (body as { message: string }).message);
    }
    return new ApiError(error.status, `${error.status} ${error.statusText || 'error'} from ${error.url ?? baseUrl}`);
  }
}
