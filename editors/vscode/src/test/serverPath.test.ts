import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { Environment, resolveServerPath } from '../serverPath';

function host(executables: string[], env: NodeJS.ProcessEnv, workspaceFolder?: string, extensionFolder?: string): Environment {
  return {
    env,
    home: '/home/u',
    platform: 'linux',
    workspaceFolder,
    extensionFolder,
    isExecutable: (file) => executables.includes(file),
  };
}

const ext = '/home/u/.vscode/extensions/tosca-ls.tosca-ls-0.3.0-linux-x64';

test('resolveServerPath', async (t) => {
  const cases: {
    name: string;
    setting: string;
    host: Environment;
    want?: string;
    error?: RegExp;
    tried?: string[];
  }[] = [
    { name: 'on PATH', setting: '', host: host(['/usr/bin/tosca-ls'], { PATH: '/bin:/usr/bin' }), want: '/usr/bin/tosca-ls' },
    {
      name: 'go install default',
      setting: '',
      host: host(['/home/u/go/bin/tosca-ls'], { PATH: '/bin' }),
      want: '/home/u/go/bin/tosca-ls',
    },
    { name: 'GOBIN', setting: '', host: host(['/opt/gobin/tosca-ls'], { PATH: '', GOBIN: '/opt/gobin' }), want: '/opt/gobin/tosca-ls' },
    {
      name: 'GOPATH entries',
      setting: '',
      host: host(['/b/bin/tosca-ls'], { GOPATH: '/a:/b' }),
      want: '/b/bin/tosca-ls',
    },
    {
      name: 'missing says where it looked',
      setting: '',
      host: host([], { PATH: '/bin' }),
      error: /not found/,
      tried: ['/bin/tosca-ls', '/home/u/go/bin/tosca-ls'],
    },
    { name: 'absolute setting', setting: '/opt/t/tosca-ls', host: host(['/opt/t/tosca-ls'], {}), want: '/opt/t/tosca-ls' },
    {
      name: 'absolute setting not executable',
      setting: '/opt/t/tosca-ls',
      host: host(['/usr/bin/tosca-ls'], { PATH: '/usr/bin' }),
      error: /"\/opt\/t\/tosca-ls" is not an executable file/,
    },
    { name: 'home setting', setting: '~/bin/tosca-ls', host: host(['/home/u/bin/tosca-ls'], {}), want: '/home/u/bin/tosca-ls' },
    {
      name: 'relative setting',
      setting: './bin/tosca-ls',
      host: host(['/ws/bin/tosca-ls'], {}, '/ws'),
      want: '/ws/bin/tosca-ls',
    },
    { name: 'relative setting without a folder', setting: 'bin/tosca-ls', host: host([], {}), error: /no folder is open/ },
    { name: 'command name setting', setting: 'tosca-ls-dev', host: host(['/x/tosca-ls-dev'], { PATH: '/x' }), want: '/x/tosca-ls-dev' },
    {
      name: 'the package\'s own binary comes before PATH',
      setting: '',
      host: host([`${ext}/bin/tosca-ls`, '/usr/bin/tosca-ls'], { PATH: '/usr/bin' }, undefined, ext),
      want: `${ext}/bin/tosca-ls`,
    },
    {
      name: 'the setting comes before the package\'s own binary',
      setting: '/opt/t/tosca-ls',
      host: host([`${ext}/bin/tosca-ls`, '/opt/t/tosca-ls'], {}, undefined, ext),
      want: '/opt/t/tosca-ls',
    },
    {
      name: 'a universal package (no bin/) searches as before',
      setting: '',
      host: host(['/home/u/go/bin/tosca-ls'], { PATH: '/bin' }, undefined, ext),
      want: '/home/u/go/bin/tosca-ls',
      tried: [`${ext}/bin/tosca-ls`, '/bin/tosca-ls', '/home/u/go/bin/tosca-ls'],
    },
    {
      name: 'the Windows package\'s binary is tosca-ls.exe',
      setting: '',
      host: { ...host([`${ext}/bin/tosca-ls.exe`], {}, undefined, ext), platform: 'win32' },
      want: `${ext}/bin/tosca-ls.exe`,
    },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const got = resolveServerPath(c.setting, c.host);
      if (c.want) {
        assert.deepEqual(got, { path: c.want });
        if (c.tried) {
          assert.deepEqual(triedFor(c.setting, c.host), c.tried);
        }
        return;
      }
      assert.ok('error' in got, `want an error, got ${JSON.stringify(got)}`);
      assert.match(got.error, c.error!);
      if (c.tried) {
        assert.deepEqual(got.tried, c.tried);
      }
    });
  }
});

// triedFor is where a lookup looked, in order, up to what it found.
function triedFor(setting: string, h: Environment): string[] {
  const tried: string[] = [];
  resolveServerPath(setting, { ...h, isExecutable: (file) => (tried.push(file), h.isExecutable(file)) });
  return tried;
}
