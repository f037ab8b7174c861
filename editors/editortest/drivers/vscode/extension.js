// Runs inside real VS Code (code-server's extension host) next to the
// packaged tosca-ls extension, and uses only what a user's actions use:
// opening files, the language the extension gives them, the diagnostics,
// hover, definition, completion, code lens and type hierarchy providers
// and the extension's commands.
// Results go to the scenario's out file as JSON.
'use strict';
const fs = require('fs');
const path = require('path');
const vscode = require('vscode');

const scenario = JSON.parse(fs.readFileSync(process.env.TOSCA_LS_SCENARIO, 'utf8'));
const result = { detect: [], languages: {}, served: {} };

async function waitFor(ms, what, get) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`timeout waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fileUri = (name) => vscode.Uri.file(path.join(scenario.workspace, name));
const documentOf = (uri) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
const position = (p) => new vscode.Position(p.line, p.character);

function markdown(contents) {
  return contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

async function open(name) {
  const doc = await vscode.workspace.openTextDocument(fileUri(name));
  await vscode.window.showTextDocument(doc);
  return doc;
}

async function main() {
  const extension = await waitFor(20000, 'the tosca-ls extension', () => vscode.extensions.getExtension('tosca-ls.tosca-ls'));
  // The packaged extension's own detection, on the shared table.
  const { detect } = require(path.join(extension.extensionPath, 'out', 'detect.js'));
  for (const c of JSON.parse(fs.readFileSync(scenario.detectCases, 'utf8')).cases) {
    const text = (c.repeat ? c.repeat.text.repeat(c.repeat.count) : '') + c.text;
    result.detect.push({ name: c.name, got: detect(text) ?? 'none' });
  }

  await open(scenario.plain);
  for (const [name, want] of [[scenario.descriptionFirst, 'tosca'], [scenario.heat, 'heat'], [scenario.main, 'tosca']]) {
    await open(name);
    try {
      await waitFor(10000, `${name} to become ${want}`, () => documentOf(fileUri(name))?.languageId === want);
    } catch {
      // Recorded below; the Go test reports the language it got.
    }
  }
  for (const name of [scenario.plain, scenario.descriptionFirst, scenario.heat, scenario.main]) {
    const languageId = documentOf(fileUri(name))?.languageId ?? 'closed';
    result.languages[name] = languageId;
    result.served[name] = languageId === 'tosca' || languageId === 'heat';
  }
  result.started = extension.isActive;
  // Where the extension is installed: a platform package runs bin/tosca-ls from there.
  result.extensionPath = extension.extensionPath;

  const main = fileUri(scenario.main);
  const diagnostics = await waitFor(20000, 'diagnostics', () => {
    const d = vscode.languages.getDiagnostics(main);
    return d.length > 0 ? d : undefined;
  });
  result.diagnostics = diagnostics.map((d) => ({ line: d.range.start.line, character: d.range.start.character, message: d.message }));
  // The file starting with description: is served too: it gets the server's diagnostic.
  result.servedDescriptionFirst = vscode.languages.getDiagnostics(fileUri(scenario.descriptionFirst)).length > 0;

  const hover = async () => {
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', main, position(scenario.hover));
    return hovers.map((h) => markdown(h.contents)).join('\n');
  };
  result.hover = await hover();
  const defs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', main, position(scenario.definition));
  result.definition = defs.map((d) => {
    const [uri, range] = 'targetUri' in d ? [d.targetUri, d.targetSelectionRange ?? d.targetRange] : [d.uri, d.range];
    return { path: uri.fsPath, line: range.start.line, character: range.start.character };
  });
  const completion = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', main, position(scenario.completion));
  result.completion = completion.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));

  // Code lenses as VS Code shows them, resolved; the one on the node
  // template a requirement targets runs tosca-ls.showReferences, which
  // opens the references peek and resolves with what it shows.
  const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', main, 20);
  result.codeLenses = lenses.map((l) => ({ line: l.range.start.line, title: l.command?.title ?? '' }));
  const lens = lenses.find((l) => l.range.start.line === scenario.lens.line && l.command?.command);
  result.lensShown = [];
  if (lens) {
    const shown = await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    result.lensShown = (shown ?? []).map((l) => ({ path: l.uri.fsPath, line: l.range.start.line, character: l.range.start.character }));
  }
  // The type hierarchy of my.App: its supertype, and the subtypes of that.
  const prepared = await vscode.commands.executeCommand('vscode.prepareTypeHierarchy', main, position(scenario.definition));
  result.typeHierarchy = { prepared: prepared.map((i) => i.name), supertypes: [], subtypes: [] };
  if (prepared.length === 1) {
    const supertypes = await vscode.commands.executeCommand('vscode.provideSupertypes', prepared[0]);
    result.typeHierarchy.supertypes = supertypes.map((i) => i.name);
    if (supertypes.length > 0) {
      const subtypes = await vscode.commands.executeCommand('vscode.provideSubtypes', supertypes[0]);
      result.typeHierarchy.subtypes = subtypes.map((i) => i.name);
    }
  }

  // Content detection both ways: a YAML file that gains the version key
  // becomes TOSCA, and YAML again when it loses it.
  const plain = documentOf(fileUri(scenario.plain));
  const header = 'tosca_definitions_version: tosca_2_0\n';
  const edit = new vscode.WorkspaceEdit();
  edit.insert(plain.uri, new vscode.Position(0, 0), header);
  await vscode.workspace.applyEdit(edit);
  result.switchedTo = await waitFor(10000, 'the switch to tosca', () => documentOf(plain.uri)?.languageId === 'tosca' && 'tosca').catch(
    () => documentOf(plain.uri)?.languageId,
  );
  const undo = new vscode.WorkspaceEdit();
  undo.delete(plain.uri, new vscode.Range(0, 0, 1, 0));
  await vscode.workspace.applyEdit(undo);
  result.switchedBack = await waitFor(10000, 'the switch back to yaml', () => documentOf(plain.uri)?.languageId === 'yaml' && 'yaml').catch(
    () => documentOf(plain.uri)?.languageId,
  );

  // TOSCA: Show Topology draws the graph of the main file in a webview; the
  // command resolves with the texts of the SVG nodes the webview shows.
  // Then the same for the Heat template, in the same webview.
  const showTopology = async (uri) => {
    await vscode.window.showTextDocument(documentOf(uri));
    const rendered = await Promise.race([
      vscode.commands.executeCommand('tosca.showTopology'),
      new Promise((resolve) => setTimeout(() => resolve({ timeout: true }), 30000)),
    ]);
    return rendered && !rendered.timeout ? rendered.nodes : [];
  };
  result.topology = await showTopology(main);
  result.heatTopology = await showTopology(fileUri(scenario.heat));

  // The restart command brings the server back.
  result.commands = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('tosca.')).sort();
  await vscode.commands.executeCommand('tosca.restartServer');
  result.hoverAfterRestart = await waitFor(15000, 'hover after the restart', async () => (await hover()) || undefined).catch(() => '');
}

exports.activate = () => {
  main()
    .catch((e) => {
      result.error = String((e && e.stack) || e);
    })
    .finally(() => {
      // Written whole, then renamed: the test polls for the file.
      fs.writeFileSync(`${scenario.out}.partial`, JSON.stringify(result, null, 2));
      fs.renameSync(`${scenario.out}.partial`, scenario.out);
    });
};
