// The VS Code client for tosca-ls. VS Code treats *.yaml as YAML, so TOSCA is
// recognised by content: a YAML document whose first key is
// tosca_definitions_version is switched to the "tosca" language.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export function isTosca(text: string): boolean {
  for (const line of text.split(/\r?\n/, 50)) {
    if (/^\s*(#.*)?$/.test(line) || line.startsWith('---') || line.startsWith('%')) continue;
    return /^['"]?(tosca_definitions_version|heat_template_version)['"]?\s*:/.test(line);
  }
  return false;
}

function adopt(doc: vscode.TextDocument): void {
  if (doc.languageId === 'yaml' && isTosca(doc.getText())) {
    void vscode.languages.setTextDocumentLanguage(doc, 'tosca');
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  vscode.workspace.textDocuments.forEach(adopt);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(adopt));
  const config = vscode.workspace.getConfiguration('tosca');
  const command = config.get<string>('server.path', 'tosca-ls');
  const serverOptions: ServerOptions = { command, args: ['serve'], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'tosca' }, { scheme: 'untitled', language: 'tosca' }],
    synchronize: { configurationSection: 'tosca' },
    initializationOptions: config,
  };
  client = new LanguageClient('tosca', 'TOSCA (tosca-ls)', serverOptions, clientOptions);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
