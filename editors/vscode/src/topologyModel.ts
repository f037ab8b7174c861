// The JSON graph tosca/topology answers (its schema is in the tosca-ls
// repository, analysis/topology/README.md), and the map from the ids of the
// SVG's elements to where each element is written. Free of the vscode API,
// so that it is unit-tested with node.
import { randomBytes } from 'crypto';

export interface Position {
  line: number;
  character: number;
}

export interface Location {
  file: string;
  range: { start: Position; end: Position };
}

interface Named {
  name: string;
  location: Location;
}

export interface Graph {
  file: string;
  nodes: { id: string; location: Location }[];
  edges: { location: Location }[];
  groups: Named[];
  policies: Named[];
  inputs: Named[];
  outputs: Named[];
  rendered?: string;
}

/** Maps each SVG element id (n:, e:, in:, out:, g:, p:) to its location. */
export function elementLocations(graph: Graph): Map<string, Location> {
  const out = new Map<string, Location>();
  graph.nodes.forEach((n) => out.set(`n:${n.id}`, n.location));
  graph.edges.forEach((e, i) => out.set(`e:${i}`, e.location));
  graph.inputs.forEach((p) => out.set(`in:${p.name}`, p.location));
  graph.outputs.forEach((p) => out.set(`out:${p.name}`, p.location));
  graph.groups.forEach((g) => out.set(`g:${g.name}`, g.location));
  graph.policies.forEach((p) => out.set(`p:${p.name}`, p.location));
  return out;
}

/** A fresh nonce for the webview's Content Security Policy. */
export function nonce(): string {
  return randomBytes(16).toString('base64');
}
