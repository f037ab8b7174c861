// The extension's detection against the table all integrations share.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { detect, languageOf, touchesHead } from '../detect';

interface Case {
  name: string;
  text: string;
  repeat?: { text: string; count: number };
  want: 'tosca' | 'heat' | 'heat-environment' | 'none';
}

const table = path.join(__dirname, '..', '..', '..', '..', 'testdata', 'detect', 'cases.json');
const cases: Case[] = JSON.parse(fs.readFileSync(table, 'utf8')).cases;

test('the shared table has cases', () => assert.ok(cases.length > 0));

for (const c of cases) {
  test(`detect: ${c.name}`, () => {
    const text = (c.repeat ? c.repeat.text.repeat(c.repeat.count) : '') + c.text;
    assert.equal(detect(text) ?? 'none', c.want);
  });
}

test('a key made of multi-byte text counts bytes, not code units', () => {
  // 16384 × "#é\n" is 65536 bytes but only 49152 code units: the key is past the limit.
  assert.equal(detect('#é\n'.repeat(16384) + 'tosca_definitions_version: x\n'), undefined);
  assert.equal(detect('#é\n'.repeat(16000) + 'tosca_definitions_version: x\n'), 'tosca');
});

test('environment files are given the language heat', () => {
  assert.equal(languageOf('heat-environment'), 'heat');
  assert.equal(languageOf('tosca'), 'tosca');
});

test('only edits in the head are rechecked', () => {
  assert.equal(touchesHead(0), true);
  assert.equal(touchesHead(64 * 1024), true);
  assert.equal(touchesHead(64 * 1024 + 1), false);
});
