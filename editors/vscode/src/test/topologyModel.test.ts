import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { elementLocations, Graph } from '../topologyModel';

// A graph as the server answers it: the golden graph of a bundled example.
const golden = path.join(__dirname, '..', '..', '..', '..', 'analysis', 'topology', 'testdata', 'examples', 'tosca-1.3-webapp.json');

test('every SVG element id of a graph maps to where the element is written', () => {
  const [graph] = JSON.parse(fs.readFileSync(golden, 'utf8')) as Graph[];
  const locations = elementLocations(graph);
  assert.equal(locations.get('n:web_server')?.range.start.line, graph.nodes.find((n) => n.id === 'web_server')?.location.range.start.line);
  assert.deepEqual(locations.get('e:0'), graph.edges[0].location);
  assert.deepEqual(locations.get('in:web_port'), graph.inputs.find((p) => p.name === 'web_port')?.location);
  assert.deepEqual(locations.get('out:shop_url'), graph.outputs.find((p) => p.name === 'shop_url')?.location);
  assert.deepEqual(locations.get('g:web_tier'), graph.groups[0].location);
  assert.ok(locations.get('p:scale_web_tier'));
  assert.equal(
    locations.size,
    graph.nodes.length + graph.edges.length + graph.inputs.length + graph.outputs.length + graph.groups.length + graph.policies.length,
  );
});
