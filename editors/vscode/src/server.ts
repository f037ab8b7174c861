// The connection to tosca-ls: finds the binary, starts and restarts the
// language client, and keeps one output channel across restarts. Features
// that talk to the server (commands, views) go through this class.
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';
import { hostEnvironment, resolveServerPath } from './serverPath';
import { serverSection, serverSettingKeys } from './settings';

const installHint =
  'Install the package for your platform (it carries the binary), put tosca-ls on PATH ' +
  '(a release archive, or `go install github.com/tosca-ls/tosca-ls/cmd/tosca-ls@latest`), or set tosca.server.path.';

export class Server implements vscode.Disposable {
  readonly output: vscode.OutputChannel;
  private client: LanguageClient | undefined;
  private readonly settingKeys: string[];
  private readonly subscriptions: vscode.Disposable[] = [];

  private readonly extensionFolder: string;

  constructor(context: vscode.ExtensionContext) {
    this.extensionFolder = context.extensionPath;
    this.output = vscode.window.createOutputChannel('TOSCA (tosca-ls)');
    const properties = context.extension.packageJSON.contributes.configuration.properties as Record<string, unknown>;
    this.settingKeys = serverSettingKeys(Object.keys(properties));
    this.subscriptions.push(
      this.output,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tosca.server')) {
          void this.restart();
        } else if (this.settingKeys.some((key) => e.affectsConfiguration(`tosca.${key}`))) {
          void this.client?.sendNotification(DidChangeConfigurationNotification.type, {
            settings: { tosca: this.section() },
          });
        }
      }),
    );
  }

  // section is the server's settings only: not server.path, not trace.
  private section(scope?: vscode.ConfigurationScope): Record<string, unknown> {
    const config = vscode.workspace.getConfiguration('tosca', scope);
    return serverSection(this.settingKeys, (key) => config.get(key));
  }

  async start(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const setting = vscode.workspace.getConfiguration('tosca').get<string>('server.path', '');
    const found = resolveServerPath(setting, hostEnvironment(folder, this.extensionFolder));
    if ('error' in found) {
      this.output.appendLine(`${found.error} Looked at:\n  ${found.tried.join('\n  ') || '(nothing)'}`);
      void this.reportMissing(found.error);
      return;
    }
    this.output.appendLine(`Starting ${found.path} serve`);
    // No transport option: vscode-languageclient would add --stdio, which
    // tosca-ls does not take; plain stdio is what "serve" speaks.
    const serverOptions: ServerOptions = { command: found.path, args: ['serve'] };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        ...['tosca', 'heat'].flatMap((language) => [
          { scheme: 'file', language },
          { scheme: 'untitled', language },
        ]),
        // A CSAR's metadata is served by its path, whatever its language.
        { scheme: 'file', pattern: '**/TOSCA-Metadata/TOSCA.meta' },
      ],
      outputChannel: this.output,
      initializationOptions: { tosca: this.section() },
      middleware: {
        workspace: {
          // Pulled settings: the server's part of the tosca section only.
          configuration: async (params, token, next) => {
            const result = await next(params, token);
            if (!Array.isArray(result)) {
              return result;
            }
            return params.items.map((item, i) =>
              item.section === 'tosca'
                ? this.section(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
                : result[i],
            );
          },
        },
      },
    };
    const client = new LanguageClient('tosca', 'TOSCA (tosca-ls)', serverOptions, clientOptions);
    this.client = client;
    try {
      await client.start();
    } catch (e) {
      this.output.appendLine(`tosca-ls did not start: ${e instanceof Error ? e.message : String(e)}`);
      void vscode.window.showErrorMessage(`tosca-ls did not start (${found.path}). See the output channel.`, 'Show Output').then(
        (choice) => choice && this.output.show(),
      );
    }
  }

  /** Sends a request to the running server; undefined when it is not running. */
  async request<R>(method: string, params: unknown): Promise<R | undefined> {
    if (!this.client?.isRunning()) {
      return undefined;
    }
    return this.client.sendRequest<R>(method, params);
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.isRunning()) {
      await client.stop();
    }
    await client?.dispose();
  }

  /** Stops the server and starts it again, picking up a new binary path. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Asks for the binary with a file dialog and saves it as tosca.server.path. */
  async locate(): Promise<void> {
    const picked = await vscode.window.showOpenDialog({
      title: 'Locate the tosca-ls binary',
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
      openLabel: 'Use this binary',
    });
    if (picked?.[0]) {
      // Saving the setting restarts the server (onDidChangeConfiguration).
      await vscode.workspace
        .getConfiguration('tosca')
        .update('server.path', picked[0].fsPath, vscode.ConfigurationTarget.Global);
    }
  }

  private async reportMissing(error: string): Promise<void> {
    const choice = await vscode.window.showErrorMessage(`${error} ${installHint}`, 'Locate Binary…', 'Show Output');
    if (choice === 'Locate Binary…') {
      await this.locate();
    } else if (choice === 'Show Output') {
      this.output.show();
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    void this.stop();
  }
}
