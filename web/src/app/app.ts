// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, ElementRef, inject, viewChild } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';

import { ThemeService } from './core/theme.service';
import { EnvironmentBanner } from './environment-banner/environment-banner';

/** The shell: header with navigation and theme switch, a banner when the environment is simulated, and the routed view. */
@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink, RouterLinkActive, EnvironmentBanner],
  templateUrl: './app.html',
  styleUrl: './app.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class App {
  protected readonly theme = inject(ThemeService);
  protected readonly pages = [
    { path: '/overview', label: 'Overview' }, { path: '/topology', label: 'Topology' },
    { path: '/trees', label: 'Trees' }, { path: '/policies', label: 'Policies' },
    { path: '/tunnels', label: 'Tunnels' }, { path: '/nptv6', label: 'NPTv6' },
    { path: '/multihoming', label: 'Multihoming' }, { path: '/bng', label: 'Subscribers' },
    { path: '/latency', label: 'Latency' }, { path: '/experiments', label: 'Experiments' },
    { path: '/resources', label: 'Resources' },
    { path: '/ports', label: 'Ports' },
  ];
  private readonly main = viewChild.required<ElementRef<HTMLElement>>('main');

  /** With <base href="/">, following "#main" would leave the current route: move focus instead. */
  protected skipToMain(event: Event): void {
    event.preventDefault();
    this.main().nativeElement.focus();
  }
}
