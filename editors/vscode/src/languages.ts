// Gives YAML documents the tosca or heat language by their content (VS Code
// calls every .yaml file "yaml"), on open and whenever an edit reaches the
// head of the file, and switches a document back when it stops being TOSCA.
// Only documents this code switched are switched back: a language chosen by
// hand, with the tosca.setLanguage command or VS Code's picker, is kept.
// (A language switch closes and reopens the document, so the sets below are
// kept by URI for the session rather than dropped on close.)
import * as vscode from 'vscode';
import { DETECT_LIMIT, detect, languageOf, touchesHead } from './detect';

const served = ['tosca', 'heat'];

export class LanguageDetection implements vscode.Disposable {
  /** URIs whose language was set by detection, so detection may undo it. */
  private readonly switched = new Set<string>();
  /** URIs whose language the user chose with tosca.setLanguage. */
  private readonly chosen = new Set<string>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((doc) => this.check(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.some((c) => touchesHead(c.rangeOffset))) {
          this.check(e.document);
        }
      }),
    );
    vscode.workspace.textDocuments.forEach((doc) => this.check(doc));
  }

  private check(doc: vscode.TextDocument): void {
    const uri = doc.uri.toString();
    if (this.chosen.has(uri)) {
      return;
    }
    const mayTake = doc.languageId === 'yaml' || (served.includes(doc.languageId) && this.switched.has(uri));
    if (!mayTake) {
      return;
    }
    const found = detect(headText(doc));
    const want = found ? languageOf(found) : 'yaml';
    if (want === doc.languageId) {
      return;
    }
    if (want === 'yaml') {
      this.switched.delete(uri);
    } else {
      this.switched.add(uri);
    }
    void vscode.languages.setTextDocumentLanguage(doc, want);
  }

  /** The tosca.setLanguage command: choose tosca, heat or yaml by hand. */
  async choose(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      return;
    }
    const found = detect(headText(editor.document));
    const detected = found ? languageOf(found) : 'yaml';
    const items = ['tosca', 'heat', 'yaml'].map((id) => ({
      label: id,
      description: id === detected ? '(detected by content)' : undefined,
      picked: id === editor.document.languageId,
    }));
    const pick = await vscode.window.showQuickPick(items, { placeHolder: 'Language of this file' });
    if (!pick) {
      return;
    }
    const uri = editor.document.uri.toString();
    this.switched.delete(uri);
    this.chosen.add(uri);
    await vscode.languages.setTextDocumentLanguage(editor.document, pick.label);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}

// headText is the part of a document detect looks at, without copying the
// rest of a large file (DETECT_LIMIT code units hold at least as many bytes).
function headText(doc: vscode.TextDocument): string {
  return doc.getText(new vscode.Range(new vscode.Position(0, 0), doc.positionAt(DETECT_LIMIT)));
}
