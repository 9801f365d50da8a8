// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, ElementRef, computed, inject, viewChild } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';

import { RunningFeatures } from './core/running-features';
import { ThemeService } from './core/theme.service';
import { EnvironmentBanner } from './environment-banner/environment-banner';
import { FEATURES } from './features/index.generated';

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
  private readonly running = inject(RunningFeatures);
  /** The core's pages around the pages of the features running (all of them until the server says). */
  protected readonly pages = computed(() => [
    { path: '/overview', label: 'Overview' }, { path: '/topology', label: 'Topology' },
    ...FEATURES.filter((f) => this.running.shows(f.serves)).map((f) => ({ path: '/' + f.path, label: f.label })),
    { path: '/latency', label: 'Latency' }, { path: '/experiments', label: 'Experiments' },
    { path: '/resources', label: 'Resources' }, { path: '/ports', label: 'Ports' },
  ]);
  private readonly main = viewChild.required<ElementRef<HTMLElement>>('main');

  /** With <base href="/">, following "#main" would leave the current route: move focus instead. */
  protected skipToMain(event: Event): void {
    event.preventDefault();
    this.main().nativeElement.focus();
  }
}
