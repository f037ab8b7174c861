import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { serverSection, serverSettingKeys } from '../settings';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
const contributed = Object.keys(manifest.contributes.configuration.properties);

test("the server gets its own settings from the manifest, not the extension's", () => {
  assert.deepEqual(serverSettingKeys(contributed).sort(), [
    'allowedPaths',
    'diagnostics',
    'diagnosticsDelay',
    'inlayHints',
    'logLevel',
    'processor',
    'profilePaths',
    'remoteImports',
  ]);
});

test('the section holds the set values only', () => {
  const values: Record<string, unknown> = { remoteImports: true, diagnostics: { 'unknown-name': 'warning' } };
  assert.deepEqual(serverSection(['remoteImports', 'diagnostics', 'logLevel'], (key) => values[key]), {
    remoteImports: true,
    diagnostics: { 'unknown-name': 'warning' },
  });
});
