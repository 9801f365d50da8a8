// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Title } from '@angular/platform-browser';
import { Router, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { routes } from './app.routes';
import { ExperimentsView } from './experiments/experiments';
import { NotFound } from './not-found/not-found';
import { Overview } from './overview/overview';
import { TunnelsView } from './tunnels/tunnels';

describe('routes', () => {
  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [provideRouter(routes), provideHttpClient(), provideHttpClientTesting()],
    });
  });

  it('sends the root to the overview', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/', Overview);
    expect(component).toBeInstanceOf(Overview);
    expect(TestBed.inject(Router).url).toBe('/overview');
    expect(TestBed.inject(Title).getTitle()).toBe('Overview · Sixflow');
  });

  it('loads the experiments page with its title', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/experiments', ExperimentsView);
    expect(component).toBeInstanceOf(ExperimentsView);
    expect(TestBed.inject(Title).getTitle()).toBe('Experiments · Sixflow');
  });

  it('loads the tunnels page with its title', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/tunnels', TunnelsView);
    expect(component).toBeInstanceOf(TunnelsView);
    expect(TestBed.inject(Title).getTitle()).toBe('Tunnels · Sixflow');
  });

  it('shows not-found for unknown URLs', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/no/such/page', NotFound);
    expect(component).toBeInstanceOf(NotFound);
    expect(harness.routeNativeElement?.textContent).toContain('Page not found');
    expect(TestBed.inject(Title).getTitle()).toBe('Not found · Sixflow');
  });
});
