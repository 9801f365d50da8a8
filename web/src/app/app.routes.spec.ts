// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Title } from '@angular/platform-browser';
import { Router, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { routes } from './app.routes';
import { FEATURES } from './features/index.generated';
import { FakeStream } from './core/testing';
import { EVENT_SOURCE_FACTORY } from './core/telemetry-stream.service';
import { BngView } from './features/bng/bng';
import { ExperimentsView } from './experiments/experiments';
import { MultihomingView } from './features/multihoming/multihoming';
import { NotFound } from './not-found/not-found';
import { Nptv6View } from './features/nptv6/nptv6';
import { Overview } from './overview/overview';
import { TunnelsView } from './features/gtpu/tunnels';

describe('routes', () => {
  beforeEach(() => {
    TestBed.configureTestingModule({
      // A fake stream: a page that listens live (NPTv6) opens no connection in the test browser.
      providers: [provideRouter(routes), provideHttpClient(), provideHttpClientTesting(),
        { provide: EVENT_SOURCE_FACTORY, useValue: new FakeStream().factory }],
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

  it('loads the NPTv6 page with its title', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/nptv6', Nptv6View);
    expect(component).toBeInstanceOf(Nptv6View);
    expect(TestBed.inject(Title).getTitle()).toBe('NPTv6 · Sixflow');
  });

  it('loads the multihoming page with its title', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/multihoming', MultihomingView);
    expect(component).toBeInstanceOf(MultihomingView);
    expect(TestBed.inject(Title).getTitle()).toBe('Multihoming · Sixflow');
  });

  it('loads the subscribers page with its title', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/bng', BngView);
    expect(component).toBeInstanceOf(BngView);
    expect(TestBed.inject(Title).getTitle()).toBe('Subscribers · Sixflow');
  });

  it('routes the page of every feature folder under its own path and title, before not-found', () => {
    expect(FEATURES.map((f) => f.path)).toEqual(['trees', 'policies', 'tunnels', 'nptv6', 'multihoming', 'bng']);
    for (const feature of FEATURES) {
      const index = routes.findIndex((r) => r.path === feature.path);
      expect(index).withContext(feature.path).toBeGreaterThan(0);
      expect(routes[index].title).toBe(feature.title);
      expect(index).toBeLessThan(routes.findIndex((r) => r.path === '**'));
    }
  });

  it('shows not-found for unknown URLs', async () => {
    const harness = await RouterTestingHarness.create();
    const component = await harness.navigateByUrl('/no/such/page', NotFound);
    expect(component).toBeInstanceOf(NotFound);
    expect(harness.routeNativeElement?.textContent).toContain('Page not found');
    expect(TestBed.inject(Title).getTitle()).toBe('Not found · Sixflow');
  });
});
