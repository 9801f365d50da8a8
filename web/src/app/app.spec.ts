// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { Component } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { App } from './app';
import { THEME_KEY } from './core/theme.service';

@Component({ template: '<p>overview stand-in</p>' })
class OverviewStandIn {}

describe('App shell', () => {
  beforeEach(async () => {
    localStorage.setItem(THEME_KEY, 'light');
    await TestBed.configureTestingModule({
      imports: [App],
      providers: [provideRouter([{ path: 'overview', component: OverviewStandIn }]), provideHttpClient(),
        provideHttpClientTesting()],
    }).compileComponents();
  });

  afterEach(() => {
    localStorage.removeItem(THEME_KEY);
    delete document.documentElement.dataset['theme'];
  });

  async function render(): Promise<HTMLElement> {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    return fixture.nativeElement as HTMLElement;
  }

  it('has a header with the name, a main navigation to every view, and a main region', async () => {
    const element = await render();
    expect(element.querySelector('header .brand')?.textContent?.trim()).toBe('Sixflow');
    const links = Array.from(element.querySelectorAll('nav[aria-label="Main"] a'));
    expect(links.map((a) => a.textContent?.trim())).toEqual(
      ['Overview', 'Topology', 'Trees', 'Policies', 'Tunnels', 'NPTv6', 'Multihoming', 'Subscribers', 'Latency', 'Experiments',
        'Resources', 'Ports']);
    expect(links[6].getAttribute('href')).toBe('/multihoming');
    expect(links[0].getAttribute('href')).toBe('/overview');
    expect(element.querySelector('main#main router-outlet')).not.toBeNull();
  });

  it('shows in the menu only the pages of the features the server runs', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    TestBed.inject(HttpTestingController).expectOne('/onos/sixflow/v1/features').flush({
      features: [
        { name: 'ilnp', title: 'ILNP sites', paths: ['/ilnp/sites'], dashboardPage: 'multihoming' },
        { name: 'msr6', title: 'MSR6 multicast trees', paths: ['/trees'], dashboardPage: 'trees' },
        { name: 'routing', title: 'IPv6 routing', paths: ['/routes'], dashboardPage: null },
      ],
    });
    await fixture.whenStable();
    const links = Array.from((fixture.nativeElement as HTMLElement).querySelectorAll('nav[aria-label="Main"] a'));
    expect(links.map((a) => a.textContent?.trim())).toEqual(
      ['Overview', 'Topology', 'Trees', 'Multihoming', 'Latency', 'Experiments', 'Resources', 'Ports']);
  });

  it('keeps every page in the menu when the server cannot say which features run', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    TestBed.inject(HttpTestingController).expectOne('/onos/sixflow/v1/features')
      .flush({ code: 503, message: 'unavailable' }, { status: 503, statusText: 'Service Unavailable' });
    await fixture.whenStable();
    const links = (fixture.nativeElement as HTMLElement).querySelectorAll('nav[aria-label="Main"] a');
    expect(links.length).toBe(12);
  });

  it('marks the current view in the navigation', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    const link = (fixture.nativeElement as HTMLElement).querySelector('nav a')!;
    expect(link.classList).not.toContain('active');

    await TestBed.inject(Router).navigateByUrl('/overview');
    await fixture.whenStable();
    expect((fixture.nativeElement as HTMLElement).textContent).toContain('overview stand-in');
    expect(link.classList).toContain('active');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('toggles the theme, applies it to <html> and remembers it across reloads', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    const element = fixture.nativeElement as HTMLElement;
    const button = element.querySelector<HTMLButtonElement>('button.theme-toggle')!;
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(button.getAttribute('aria-pressed')).toBe('false');

    button.click();
    await fixture.whenStable();
    expect(document.documentElement.dataset['theme']).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(button.getAttribute('aria-pressed')).toBe('true');

    // A fresh start (new injector, as after a reload) reads the saved choice back.
    TestBed.resetTestingModule();
    TestBed.configureTestingModule({
      imports: [App], providers: [provideRouter([]), provideHttpClient(), provideHttpClientTesting()],
    });
    const again = await render();
    expect(again.querySelector('button.theme-toggle')?.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset['theme']).toBe('dark');
  });

  it('shows under the header that the environment is simulated when the server says so', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    TestBed.inject(HttpTestingController).expectOne('/onos/sixflow/v1/health').flush({
      database: { status: 'UP', url: null, schemaVersion: '6', message: null }, pipeconfs: 2, devices: 5,
      environment: { kind: 'simulated', note: 'The ONOS core and the switches are simulated.' },
    });
    await fixture.whenStable();
    const banner = (fixture.nativeElement as HTMLElement).querySelector('header + app-environment-banner [role="note"]');
    expect(banner?.textContent).toContain('The ONOS core and the switches are simulated.');
  });

  it('moves focus to the main region from the skip link without leaving the page', async () => {
    const element = await render();
    document.body.appendChild(element);
    const event = new MouseEvent('click', { cancelable: true });
    element.querySelector('a.skip-link')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBeTrue();
    expect(document.activeElement).toBe(element.querySelector('main'));
    element.remove();
  });
});
