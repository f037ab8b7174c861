// Where the tosca-ls binary is. A platform-specific package carries its own
// binary (bin/tosca-ls in the extension), used unless the setting names
// another. The universal package has none: the extension host's PATH is
// often not the shell's (VS Code started from a desktop menu), so besides
// PATH the places `go install` writes to are tried, and a miss says exactly
// where it looked.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export type Resolution = { path: string } | { error: string; tried: string[] };

export interface Environment {
  env: NodeJS.ProcessEnv;
  home: string;
  platform: NodeJS.Platform;
  /** The first workspace folder, for relative settings. */
  workspaceFolder?: string;
  /** The folder of the extension, whose bin/ holds the binary of a platform-specific package. */
  extensionFolder?: string;
  isExecutable(file: string): boolean;
}

export function hostEnvironment(workspaceFolder?: string, extensionFolder?: string): Environment {
  return {
    env: process.env,
    home: os.homedir(),
    platform: process.platform,
    workspaceFolder,
    extensionFolder,
    isExecutable(file) {
      try {
        const st = fs.statSync(file);
        if (!st.isFile()) {
          return false;
        }
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * resolveServerPath finds the binary named by the tosca.server.path setting
 * (empty: the package's own, else look it up). The error text is shown to
 * the user as it is.
 */
export function resolveServerPath(setting: string, host: Environment): Resolution {
  const exe = host.platform === 'win32' ? 'tosca-ls.exe' : 'tosca-ls';
  const tried: string[] = [];
  const found = (file: string): boolean => {
    tried.push(file);
    return host.isExecutable(file);
  };
  const wanted = setting.trim();
  if (wanted !== '') {
    let file = wanted;
    if (file === '~' || file.startsWith('~/')) {
      file = path.join(host.home, file.slice(1));
    } else if (!path.isAbsolute(file) && file.includes('/')) {
      if (!host.workspaceFolder) {
        return { error: `tosca.server.path "${wanted}" is relative, but no folder is open to resolve it against.`, tried };
      }
      file = path.join(host.workspaceFolder, file);
    }
    if (path.isAbsolute(file)) {
      return found(file) ? { path: file } : { error: `tosca.server.path "${wanted}" is not an executable file.`, tried };
    }
    // A bare name such as "tosca-ls-dev" is looked up on PATH like a command.
    const onPath = searchPath(file, host, found);
    return onPath ? { path: onPath } : { error: `tosca.server.path "${wanted}" was not found on PATH.`, tried };
  }
  if (host.extensionFolder) {
    const bundled = path.join(host.extensionFolder, 'bin', exe);
    if (found(bundled)) {
      return { path: bundled };
    }
  }
  const onPath = searchPath(exe, host, found);
  if (onPath) {
    return { path: onPath };
  }
  for (const dir of goBinDirs(host)) {
    const file = path.join(dir, exe);
    if (found(file)) {
      return { path: file };
    }
  }
  return { error: 'The tosca-ls binary was not found.', tried };
}

function searchPath(name: string, host: Environment, found: (file: string) => boolean): string | undefined {
  const sep = host.platform === 'win32' ? ';' : ':';
  for (const dir of (host.env.PATH ?? '').split(sep)) {
    if (dir !== '' && found(path.join(dir, name))) {
      return path.join(dir, name);
    }
  }
  return undefined;
}

// goBinDirs are where `go install` puts binaries: $GOBIN, else the bin
// folder of each $GOPATH entry, else ~/go/bin.
function goBinDirs(host: Environment): string[] {
  if (host.env.GOBIN) {
    return [host.env.GOBIN];
  }
  const sep = host.platform === 'win32' ? ';' : ':';
  const gopath = (host.env.GOPATH ?? '').split(sep).filter((p) => p !== '');
  return (gopath.length > 0 ? gopath : [path.join(host.home, 'go')]).map((p) => path.join(p, 'bin'));
}
