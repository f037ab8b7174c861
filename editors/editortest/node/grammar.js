// Tokenizes a fixture with the extension's TOSCA grammar on top of the YAML
// grammar of the real VS Code that code-server ships, with vscode-textmate
// (VS Code's own tokenizer), and writes the scopes of some words as JSON.
// Run by editortest: node grammar.js SCENARIO.json
'use strict';
const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const result = { scopes: {} };

async function main() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  // Every grammar the extensions declare, by scope name: VS Code's YAML
  // extension and ours.
  const grammars = {};
  for (const dir of [scenario.yamlExtension, path.join(scenario.repo, 'editors', 'vscode')]) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const g of manifest.contributes.grammars) {
      grammars[g.scopeName] = path.join(dir, g.path);
    }
  }
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      grammars[scopeName] ? vsctm.parseRawGrammar(fs.readFileSync(grammars[scopeName], 'utf8'), grammars[scopeName]) : null,
  });
  for (const [scopeName, file] of [['source.tosca', scenario.main], ['source.heat', scenario.heat]]) {
    const grammar = await registry.loadGrammar(scopeName);
    let state = vsctm.INITIAL;
    for (const line of fs.readFileSync(path.join(scenario.workspace, file), 'utf8').split('\n')) {
      const tokens = grammar.tokenizeLine(line, state);
      state = tokens.ruleStack;
      for (const t of tokens.tokens) {
        const word = `${scopeName} ${line.slice(t.startIndex, t.endIndex).trim()}`;
        if (scenario.scopeWords.includes(word) && !(word in result.scopes)) {
          result.scopes[word] = t.scopes.join(' ');
        }
      }
    }
  }
}

main()
  .catch((e) => {
    result.error = String((e && e.stack) || e);
  })
  .finally(() => fs.writeFileSync(scenario.out, JSON.stringify(result, null, 2)));
