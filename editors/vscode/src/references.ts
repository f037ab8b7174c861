// tosca-ls.showReferences: the command tosca-ls's code lenses run ("3
// derived types", "targeted by 2 requirements"), with the arguments
// [uri, position, locations] in LSP's form. It shows the locations as VS
// Code shows references (the peek view of editor.action.showReferences),
// and resolves with them (the editor tests read it).
import * as vscode from 'vscode';

interface LspPosition {
  line: number;
  character: number;
}

interface LspLocation {
  uri: string;
  range: { start: LspPosition; end: LspPosition };
}

const asPosition = (p: LspPosition) => new vscode.Position(p.line, p.character);

export async function showReferences(uri: string, position: LspPosition, locations: LspLocation[]): Promise<vscode.Location[]> {
  const shown = locations.map(
    (l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(asPosition(l.range.start), asPosition(l.range.end))),
  );
  await vscode.commands.executeCommand('editor.action.showReferences', vscode.Uri.parse(uri), asPosition(position), shown);
  return shown;
}
