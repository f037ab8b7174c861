// Which of the extension's settings belong to the server. The extension's
// own settings live under tosca.server.* and tosca.trace.*; everything else
// in the tosca section is the server's (README "Server settings"), so a new
// server setting needs only its entry in package.json.

const extensionOnly = ['server.', 'trace.'];

/** The keys (without "tosca.") of the settings the server reads. */
export function serverSettingKeys(contributed: string[]): string[] {
  return contributed
    .filter((name) => name.startsWith('tosca.'))
    .map((name) => name.slice('tosca.'.length))
    .filter((key) => !extensionOnly.some((prefix) => key.startsWith(prefix)));
}

/** The server's section: each key with its current value. */
export function serverSection(keys: string[], get: (key: string) => unknown): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const key of keys) {
    const value = get(key);
    if (value !== undefined) {
      section[key] = value;
    }
  }
  return section;
}
