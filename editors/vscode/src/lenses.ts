// The server's code lenses (references, dependents, waits of a binding) open VS Code's references
// peek. Every lens carries the server's command carina.showLocations with [uri, position, what it
// counts]; vscode-languageclient registers that id itself and would only send it back to the
// server, which returns the locations and shows nothing. So the middleware points each lens at the
// extension's own command, which asks the server for the locations (workspace/executeCommand),
// converts them and runs editor.action.showReferences.
import * as vscode from 'vscode';
import { CodeLensMiddleware, Location, Position, Protocol2CodeConverter } from 'vscode-languageclient/node';

/** The command of every lens the server sends (its executeCommandProvider's). */
export const LOCATIONS_COMMAND = 'carina.showLocations';
/** The extension's command a lens runs instead: the references peek at the lens. */
export const SHOW_REFERENCES = 'carina.showReferences';

/** Points a lens of the server's command at SHOW_REFERENCES; other lenses stay as they are. */
export function rewriteLens(lens: vscode.CodeLens): vscode.CodeLens {
  if (lens.command?.command === LOCATIONS_COMMAND) {
    lens.command = { ...lens.command, command: SHOW_REFERENCES };
  }
  return lens;
}

/** The client middleware that rewrites the lenses as they arrive. */
export const lensMiddleware: CodeLensMiddleware = {
  async provideCodeLenses(document, token, next) {
    const lenses = await next(document, token);
    return lenses?.map(rewriteLens);
  },
};

/**
 * Runs the references peek for a lens's arguments (a URI string, an LSP position and LSP
 * locations), converted with the running client's converter.
 */
export async function showReferences(converter: Protocol2CodeConverter, uri: string, position: Position, locations: Location[]): Promise<unknown> {
  return vscode.commands.executeCommand(
    'editor.action.showReferences',
    converter.asUri(uri),
    converter.asPosition(position),
    locations.map((l) => converter.asLocation(l)),
  );
}
