import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { Environment, resolveServerPath } from '../serverPath';

function host(executables: string[], env: NodeJS.ProcessEnv, workspaceFolder?: string): Environment {
  return {
    env,
    home: '/home/u',
    platform: 'linux',
    workspaceFolder,
    isExecutable: (file) => executables.includes(file),
  };
}

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
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const got = resolveServerPath(c.setting, c.host);
      if (c.want) {
        assert.deepEqual(got, { path: c.want });
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
