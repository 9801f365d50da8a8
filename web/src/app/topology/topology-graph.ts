// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import {
  ChangeDetectionStrategy, Component, DestroyRef, ElementRef, effect, inject, input, viewChild,
} from '@angular/core';
import cytoscape from 'cytoscape';

import { Topology } from '../core/api-models';
import { Msr6Tree } from '../features/msr6/msr6-models';
import { ThemeService } from '../core/theme.service';
import { edgeKey, treeOverlay } from './tree-overlay';

/**
 * The theme's colours from the CSS variables of styles.css, resolved by the browser (the variables
 * hold light-dark() pairs, which cytoscape cannot read) through a hidden probe element.
 */
function palette(element: HTMLElement): Record<string, string> {
  const probe = element.ownerDocument.createElement('span');
  probe.style.display = 'none';
  element.appendChild(probe);
  const read = (name: string) => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color || '#888';
  };
  const colours = {
    text: read('--text'), muted: read('--text-muted'), border: read('--border'), accent: read('--accent'),
    ok: read('--ok'), warn: read('--warn'), error: read('--error'), surface: read('--surface-raised'),
  };
  probe.remove();
  return colours;
}

/**
 * Draws devices and links with cytoscape.js; a selected tree is drawn over them (its links thick and
 * coloured, source, receivers and replication points marked). Redrawn on data or theme change.
 */
@Component({
  selector: 'app-topology-graph',
  template: `<div #canvas class="canvas" role="img" [attr.aria-label]="label()"></div>`,
  styles: `.canvas { width: 100%; height: 480px; border: 1px solid var(--border); border-radius: 4px;
           background: var(--surface-raised); }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TopologyGraph {
  readonly topology = input.required<Topology>();
  readonly tree = input<Msr6Tree | null>(null);

  private readonly canvas = viewChild.required<ElementRef<HTMLElement>>('canvas');
  private readonly theme = inject(ThemeService);
  private graph: cytoscape.Core | null = null;

  constructor() {
    effect(() => this.draw(this.topology(), this.tree(), this.theme.theme()));
    inject(DestroyRef).onDestroy(() => this.graph?.destroy());
  }

  /** A text alternative of the drawing for screen readers. */
  protected label(): string {
    const t = this.topology();
    const tree = this.tree();
    return `Network of ${t.devices.length} devices and ${new Set(t.links.map((l) => edgeKey(l.src, l.dst))).size} `
      + `links${tree ? `, with tree ${tree.id} drawn over it` : ''}`;
  }

  /** The drawn graph, for tests. */
  cy(): cytoscape.Core | null {
    return this.graph;
  }

  private draw(topology: Topology, tree: Msr6Tree | null, _theme: string): void {
    const colours = palette(this.canvas().nativeElement);
    const overlay = tree ? treeOverlay(tree) : null;
    const nodes = topology.devices.map((d) => {
      const classes = [d.role === 'EDGE' ? 'edge-role' : 'transit', d.available ? '' : 'down'];
      if (overlay?.source === d.id) classes.push('tree-source');
      if (overlay?.receivers.has(d.id)) classes.push('tree-receiver');
      if (overlay?.replicationPoints.has(d.id)) classes.push('tree-replicates');
      return { data: { id: d.id, label: d.id.replace(/^device:/, '') }, classes: classes.join(' ') };
    });
    const known = new Set(topology.devices.map((d) => d.id));
    const edges = new Map<string, cytoscape.ElementDefinition>();
    for (const link of topology.links) {
      const a = link.src.slice(0, link.src.lastIndexOf('/'));
      const b = link.dst.slice(0, link.dst.lastIndexOf('/'));
      const key = edgeKey(a, b);
      if (!known.has(a) || !known.has(b) || edges.has(key)) continue;
      edges.set(key, {
        data: { id: key, source: a, target: b, label: `${link.src.slice(a.length + 1)}–${link.dst.slice(b.length + 1)}` },
        classes: overlay?.edges.has(key) ? 'tree-link' : '',
      });
    }
    this.graph?.destroy();
    this.graph = cytoscape({
      container: this.canvas().nativeElement,
      elements: [...nodes, ...edges.values()],
      // A small lab reads best on a circle; larger networks need a force-directed layout.
      layout: nodes.length <= 16
        ? { name: 'circle', padding: 40, animate: false }
        : { name: 'cose', padding: 40, animate: false, nodeRepulsion: () => 80000, idealEdgeLength: () => 120 },
      maxZoom: 1.6,
      minZoom: 0.2,
      style: [
        { selector: 'node', style: {
          label: 'data(label)', color: colours['text'], 'background-color': colours['muted'], 'font-size': 13,
          'text-valign': 'bottom', 'text-margin-y': 6, width: 28, height: 28,
          'border-width': 2, 'border-color': colours['surface'] } },
        { selector: 'node.edge-role', style: { shape: 'round-rectangle', 'background-color': colours['accent'] } },
        { selector: 'node.down', style: { 'background-color': colours['error'], opacity: 0.6 } },
        { selector: 'edge', style: { width: 2, 'line-color': colours['border'], 'curve-style': 'bezier' } },
        { selector: 'edge.tree-link', style: { width: 6, 'line-color': colours['warn'] } },
        { selector: 'node.tree-source', style: { 'border-color': colours['warn'], 'border-width': 5 } },
        { selector: 'node.tree-receiver', style: { 'border-color': colours['ok'], 'border-width': 5 } },
        { selector: 'node.tree-replicates', style: { shape: 'diamond', width: 36, height: 36 } },
      ],
    });
  }
}
