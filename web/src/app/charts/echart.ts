// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import {
  ChangeDetectionStrategy, Component, DestroyRef, ElementRef, effect, inject, input, viewChild,
} from '@angular/core';
import { BarChart, BoxplotChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import { ThemeService } from '../core/theme.service';

echarts.use([LineChart, BarChart, BoxplotChart, HeatmapChart, GridComponent, TooltipComponent, LegendComponent,
  VisualMapComponent, DataZoomComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * An ECharts chart of the given option, in the theme's colours, resized with its box. `label` is its
 * text alternative; the views also show the numbers in a table.
 */
@Component({
  selector: 'app-echart',
  template: `<div #box class="chart" role="img" [attr.aria-label]="label()"></div>`,
  styles: `.chart { width: 100%; height: var(--chart-height, 320px); }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class EChart {
  readonly option = input.required<ChartOption>();
  readonly label = input.required<string>();

  private readonly box = viewChild.required<ElementRef<HTMLElement>>('box');
  private readonly theme = inject(ThemeService);
  private chart: echarts.ECharts | null = null;
  private drawnTheme: string | null = null;

  constructor() {
    effect(() => {
      const theme = this.theme.theme();
      const option = this.option();
      if (!this.chart || this.drawnTheme !== theme) {
        this.chart?.dispose();
        this.chart = echarts.init(this.box().nativeElement, theme === 'dark' ? 'dark' : undefined);
        this.drawnTheme = theme;
      }
      // No animation: figures appear at once (and stay still for people who prefer reduced motion).
      this.chart.setOption({ backgroundColor: 'transparent', animation: false, ...option }, true);
    });
    const observer = new ResizeObserver(() => this.chart?.resize());
    effect(() => observer.observe(this.box().nativeElement));
    inject(DestroyRef).onDestroy(() => {
      observer.disconnect();
      this.chart?.dispose();
    });
  }

  /** The chart instance, for tests. */
  instance(): echarts.ECharts | null {
    return this.chart;
  }
}
