// The VS Code client for tosca-ls. Each feature is a small module that gets
// the Server (the language client's owner) and registers its own commands or
// views, so a new one (such as a topology webview that asks the server for a
// template's graph) is one more entry in `features`.
import * as vscode from 'vscode';
import { LanguageDetection } from './languages';
import { Server } from './server';
import { showReferences } from './references';
import { TopologyPanel } from './topology';

type Feature = (server: Server, context: vscode.ExtensionContext) => vscode.Disposable[];

const serverCommands: Feature = (server) => [
  vscode.commands.registerCommand('tosca.restartServer', () => server.restart()),
  vscode.commands.registerCommand('tosca.showOutput', () => server.output.show()),
  vscode.commands.registerCommand('tosca.locateServer', () => server.locate()),
];

const languageDetection: Feature = () => {
  const detection = new LanguageDetection();
  return [detection, vscode.commands.registerCommand('tosca.setLanguage', () => detection.choose())];
};

const topology: Feature = (server, context) => {
  const panel = new TopologyPanel(server, context);
  // The command resolves with what the webview drew (used by the editor tests).
  return [panel, vscode.commands.registerCommand('tosca.showTopology', () => panel.show())];
};

// The command the server's code lenses run (the server leaves it to clients).
const references: Feature = () => [vscode.commands.registerCommand('tosca-ls.showReferences', showReferences)];

const features: Feature[] = [serverCommands, languageDetection, topology, references];

let server: Server | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  server = new Server(context);
  context.subscriptions.push(server);
  for (const feature of features) {
    context.subscriptions.push(...feature(server, context));
  }
  await server.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
