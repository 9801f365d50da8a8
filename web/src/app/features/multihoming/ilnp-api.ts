// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp, query } from '../../core/api-http';
import { IlnpLocatorUpdates, IlnpSessions, IlnpSite, IlnpSiteCounters } from './ilnp-models';

/** The most sites a page of GET ilnp/sites may hold. */
export const MAX_SITE_PAGE = 1000;

/** Typed client of /ilnp/sites (ILNP sites of border routers: uplinks, weights, counters, Locator Updates). */
@Injectable({ providedIn: 'root' })
export class IlnpApi {
  private readonly http = inject(ApiHttp);

  /** Every site by name, each with its state, read 1,000 a page. */
  sites(): Observable<IlnpSite[]> {
    return this.http.all<IlnpSite>('ilnp/sites', 'sites', query({ limit: String(MAX_SITE_PAGE) }));
  }

  /** The site's per-uplink counters, read from its border router now (503 when it cannot be read). */
  counters(name: string): Observable<IlnpSiteCounters> {
    return this.http.get<IlnpSiteCounters>(`${path(name)}/counters`);
  }

  /** How many Locator Updates the site's border router punted, and the last ones. */
  locatorUpdates(name: string): Observable<IlnpLocatorUpdates> {
    return this.http.get<IlnpLocatorUpdates>(`${path(name)}/locator-updates`);
  }

  /** The sessions of the site's hosts its border router reported lately, and the Locator Updates it sent for them. */
  sessions(name: string): Observable<IlnpSessions> {
    return this.http.get<IlnpSessions>(`${path(name)}/sessions`);
  }

  /** New weights for every uplink, by port (summing to 100): the site one revision on. */
  setWeights(name: string, weights: Record<string, number>): Observable<{ site: IlnpSite }> {
    return this.http.send<{ site: IlnpSite }>('PUT', `${path(name)}/weights`, { weights });
  }

  deleteSite(name: string): Observable<void> {
    return this.http.send<void>('DELETE', path(name));
  }
}

function path(name: string): string {
  return `ilnp/sites/${encodeURIComponent(name)}`;
}
