// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp, query } from '../../core/api-http';
import { Nptv6Mapping, Nptv6MappingRequest } from './nptv6-models';

/** The most mappings a page of GET nptv6/mappings may hold. */
export const MAX_MAPPING_PAGE = 1000;

/** Typed client of /nptv6/mappings (NPTv6 prefix translation of site border routers, RFC 6296). */
@Injectable({ providedIn: 'root' })
export class Nptv6Api {
  private readonly http = inject(ApiHttp);

  /** Every mapping in id order, each with its state, read 1,000 a page (the page filters by device itself). */
  mappings(): Observable<Nptv6Mapping[]> {
    return this.http.all<Nptv6Mapping>('nptv6/mappings', 'mappings', query({ limit: String(MAX_MAPPING_PAGE) }));
  }

  /** A mapping with its state and the entries it compiles to on its uplink's device. */
  mapping(id: string): Observable<Nptv6Mapping> {
    return this.http.get<Nptv6Mapping>(`nptv6/mappings/${encodeURIComponent(id)}`);
  }

  createMapping(mapping: Nptv6MappingRequest): Observable<{ mapping: Nptv6Mapping }> {
    return this.http.send<{ mapping: Nptv6Mapping }>('POST', 'nptv6/mappings', mapping);
  }

  deleteMapping(id: string): Observable<void> {
    return this.http.send<void>('DELETE', `nptv6/mappings/${encodeURIComponent(id)}`);
  }
}
