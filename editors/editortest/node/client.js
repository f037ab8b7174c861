// The Node client of the editor tests: vscode-languageserver-protocol (the
// protocol layer VS Code's client is built on) drives tosca-ls over stdio.
// Language ids come from the VS Code extension's own detection (compiled to
// editors/vscode/out). Run by editortest: node client.js SCENARIO.json
'use strict';
const cp = require('child_process');
const fs = require('fs');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');
const P = require('vscode-languageserver-protocol/node');

const scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { detect } = require(path.join(scenario.repo, 'editors', 'vscode', 'out', 'detect.js'));
const result = { detect: [], languages: {}, served: {} };

const withTimeout = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`timeout: ${what}`)), ms).unref())]);

function languageOf(file) {
  return detect(fs.readFileSync(file, 'utf8')) ?? 'yaml';
}

async function main() {
  for (const c of JSON.parse(fs.readFileSync(scenario.detectCases, 'utf8')).cases) {
    const text = (c.repeat ? c.repeat.text.repeat(c.repeat.count) : '') + c.text;
    result.detect.push({ name: c.name, got: detect(text) ?? 'none' });
  }

  const proc = cp.spawn(scenario.server, ['serve'], { cwd: scenario.workspace, stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    proc.once('spawn', resolve);
    proc.once('error', reject);
  });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const conn = P.createProtocolConnection(new P.StreamMessageReader(proc.stdout), new P.StreamMessageWriter(proc.stdin));
  conn.onRequest(P.ConfigurationRequest.type, (params) => params.items.map(() => ({})));
  conn.onRequest(P.RegistrationRequest.type, () => null);
  conn.onRequest(P.WorkDoneProgressCreateRequest.type, () => null);
  conn.onNotification(P.LogMessageNotification.type, () => {});
  const mainUri = pathToFileURL(path.join(scenario.workspace, scenario.main)).href;
  let published;
  const diagnostics = new Promise((resolve) => (published = resolve));
  conn.onNotification(P.PublishDiagnosticsNotification.type, (p) => {
    if (p.uri === mainUri && p.diagnostics.length > 0) {
      published(p.diagnostics);
    }
  });
  conn.listen();

  const root = pathToFileURL(scenario.workspace).href;
  await withTimeout(
    conn.sendRequest(P.InitializeRequest.type, {
      processId: process.pid,
      rootUri: root,
      workspaceFolders: [{ uri: root, name: path.basename(scenario.workspace) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true } },
          definition: { linkSupport: false },
          publishDiagnostics: { relatedInformation: true },
        },
      },
    }),
    10000,
    'initialize',
  );
  result.started = true;
  await conn.sendNotification(P.InitializedNotification.type, {});

  for (const name of [scenario.main, scenario.descriptionFirst, scenario.heat, scenario.plain]) {
    const file = path.join(scenario.workspace, name);
    const languageId = languageOf(file);
    result.languages[name] = languageId;
    result.served[name] = languageId === 'tosca' || languageId === 'heat';
    if (result.served[name]) {
      await conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
        textDocument: { uri: pathToFileURL(file).href, languageId, version: 1, text: fs.readFileSync(file, 'utf8') },
      });
    }
  }

  result.diagnostics = (await withTimeout(diagnostics, 15000, 'diagnostics')).map((d) => ({
    line: d.range.start.line,
    character: d.range.start.character,
    message: d.message,
  }));
  const at = (pos) => ({ textDocument: { uri: mainUri }, position: pos });
  const hover = await conn.sendRequest(P.HoverRequest.type, at(scenario.hover));
  result.hover = hover ? (typeof hover.contents === 'string' ? hover.contents : hover.contents.value ?? JSON.stringify(hover.contents)) : '';
  const defs = await conn.sendRequest(P.DefinitionRequest.type, at(scenario.definition));
  result.definition = (Array.isArray(defs) ? defs : defs ? [defs] : []).map((d) => ({
    path: fileURLToPath(d.uri ?? d.targetUri),
    line: (d.range ?? d.targetSelectionRange).start.line,
    character: (d.range ?? d.targetSelectionRange).start.character,
  }));
  const comp = await conn.sendRequest(P.CompletionRequest.type, at(scenario.completion));
  result.completion = (Array.isArray(comp) ? comp : comp?.items ?? []).map((i) => i.label);

  await withTimeout(conn.sendRequest(P.ShutdownRequest.type), 10000, 'shutdown');
  await conn.sendNotification(P.ExitNotification.type);
  await withTimeout(exited, 5000, 'server exit');
  conn.dispose();
}

main()
  .catch((e) => {
    result.error = String((e && e.stack) || e);
  })
  .finally(() => {
    fs.writeFileSync(scenario.out, JSON.stringify(result, null, 2));
    process.exit(0);
  });
