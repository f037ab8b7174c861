// "TOSCA: Show Topology": a webview beside the editor showing the graph of
// the active TOSCA document or Heat template, drawn by the server
// (tosca/topology with an SVG rendering, laid out by the server),
// redrawn after edits (debounced), with pan and zoom; a click on a
// node, an edge, an input, an output, a group or a policy reveals where it
// is written.
import * as vscode from 'vscode';
import { Server } from './server';
import { elementLocations, Graph, Location, nonce } from './topologyModel';

/** Milliseconds between the last edit and the redraw. */
const redrawDelay = 300;

/** What the webview reports after drawing: the texts of the SVG's nodes. */
export interface Rendered {
  nodes: string[];
}

export class TopologyPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private locations = new Map<string, Location>();
  private timer: NodeJS.Timeout | undefined;
  private rendered: ((r: Rendered) => void)[] = [];
  /** Resolves when the panel's script listens (messages before that are lost). */
  private ready: Promise<void> = Promise.resolve();
  private markReady: () => void = () => {};
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly server: Server, private readonly context: vscode.ExtensionContext) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.document) {
          this.schedule();
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.panel && editor && isServed(editor.document) && editor.document !== this.document) {
          this.document = editor.document;
          this.schedule();
        }
      }),
    );
  }

  /** Opens (or reveals) the panel for the active document; resolves when it has drawn. */
  async show(): Promise<Rendered | undefined> {
    const editor = vscode.window.activeTextEditor;
    const document = editor && isServed(editor.document) ? editor.document : this.document;
    if (!document) {
      void vscode.window.showInformationMessage('Open a TOSCA or Heat file to show its topology.');
      return undefined;
    }
    this.document = document;
    if (!this.panel) {
      this.panel = this.createPanel();
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    const drawn = new Promise<Rendered>((resolve) => this.rendered.push(resolve));
    await this.redraw();
    return drawn;
  }

  private createPanel(): vscode.WebviewPanel {
    const media = vscode.Uri.joinPath(this.context.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('tosca.topology', 'TOSCA Topology', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: true,
    });
    const webview = panel.webview;
    const n = nonce();
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'topology.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'topology.css'));
    webview.html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource} data:; style-src ${webview.cspSource}; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>TOSCA Topology</title>
</head>
<body>
<div id="toolbar"><span id="title"></span><button id="fit" title="Fit to the window">Fit</button></div>
<div id="status"></div>
<div id="viewport"><div id="canvas"></div></div>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    webview.onDidReceiveMessage((m) => this.receive(m), undefined, this.subscriptions);
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.resolveRendered({ nodes: [] });
    }, undefined, this.subscriptions);
    return panel;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.redraw(), redrawDelay);
  }

  private async redraw(): Promise<void> {
    const document = this.document;
    const panel = this.panel;
    if (!document || !panel) {
      return;
    }
    panel.title = `Topology: ${vscode.workspace.asRelativePath(document.uri)}`;
    try {
      const graph = await this.server.request<Graph | null>('tosca/topology', {
        textDocument: { uri: document.uri.toString() },
        render: 'svg',
      });
      await this.ready;
      if (document !== this.document || !this.panel) {
        return; // another document was chosen meanwhile
      }
      if (!graph) {
        this.locations.clear();
        void panel.webview.postMessage({ type: 'empty', message: 'This file has no service template or Heat resources (or the server is not running).' });
        return;
      }
      this.locations = elementLocations(graph);
      void panel.webview.postMessage({ type: 'draw', svg: graph.rendered, title: vscode.workspace.asRelativePath(document.uri) });
    } catch (e) {
      await this.ready;
      void panel.webview.postMessage({ type: 'empty', message: `The topology could not be computed: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  private receive(m: { type: string; id?: string; nodes?: string[] }): void {
    if (m.type === 'ready') {
      this.markReady();
    } else if (m.type === 'reveal' && m.id) {
      void this.reveal(m.id);
    } else if (m.type === 'rendered') {
      this.resolveRendered({ nodes: m.nodes ?? [] });
    }
  }

  private resolveRendered(r: Rendered): void {
    const waiting = this.rendered;
    this.rendered = [];
    waiting.forEach((resolve) => resolve(r));
  }

  /** Shows where the clicked element is written, in the source editor's column. */
  private async reveal(id: string): Promise<void> {
    const loc = this.locations.get(id);
    if (!loc) {
      return;
    }
    const range = new vscode.Range(loc.range.start.line, loc.range.start.character, loc.range.end.line, loc.range.end.character);
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === loc.file)?.viewColumn ?? vscode.ViewColumn.One;
    const editor = await vscode.window.showTextDocument(vscode.Uri.parse(loc.file), { viewColumn: column, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }
}

/** Whether the server draws the document: a TOSCA file or a Heat template. */
function isServed(document: vscode.TextDocument): boolean {
  return document.languageId === 'tosca' || document.languageId === 'heat';
}
