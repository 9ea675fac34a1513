import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import { openTestDaemon } from '../servers/testServer.js';

const templatesDir = new URL('../../../../templates/', import.meta.url);
let open: Awaited<ReturnType<typeof openTestDaemon>>;
beforeAll(async () => {
  open = await openTestDaemon({ autostart: false });
});
afterAll(() => open.cleanup());

/** Installs a shipped template as a new server and answers its console, line by line. */
async function installLog(template: string, id: string): Promise<string[]> {
  const { install, run, data } = JSON.parse(readFileSync(new URL(`${template}.json`, templatesDir), 'utf8')) as ServerDefinition;
  const server = await open.daemon.servers.create(id, { install, run, data, environment: { type: 'standard' } });
  await server.install();
  return server.console.replay().logs.join('').split('\n').slice(0, -1);
}

describe('the install log says what each step does in words (issue 35, item 5)', () => {
  it('installs the Node.js template with a sentence per step and no script text', async () => {
    expect(await installLog('nodejs', '1a57a110')).toEqual([
      '[DAEMON] Installing server',
      '[DAEMON] Fetching the code from its git repository, if one is set',
      'No git repository set: nothing to clone, using the files in the server folder.',
      '[DAEMON] Writing .outpost-starter.js',
      '[DAEMON] Placing a starter program at index.js, unless a program is there',
      'No index.js yet: writing a starter program there.',
      '[DAEMON] Installing the npm dependencies of package.json, if there is one',
      'No package.json: no npm dependencies to install.',
      '[DAEMON] Server installed',
    ]);
  });

  it('says a generic program is awaited when no download address is set', async () => {
    expect(await installLog('generic-tcp', '1a57a111')).toEqual([
      '[DAEMON] Installing server',
      '[DAEMON] Downloading the program to ./server, if a download address is set',
      'Upload ./server (SFTP or the file manager), then start the server.',
      '[DAEMON] Server installed',
    ]);
  });

  it('describes every shell script a shipped template installs with', () => {
    const unexplained: string[] = [];
    for (const name of readdirSync(templatesDir).filter((file) => file.endsWith('.json') && file !== 'index.json')) {
      const { install = [] } = JSON.parse(readFileSync(new URL(name, templatesDir), 'utf8')) as ServerDefinition;
      for (const step of install) {
        if (step.type === 'command' && !step.description && step.commands.some((line) => /^(sh|bash) -c /.test(line))) unexplained.push(name);
      }
    }
    expect(unexplained).toEqual([]);
  });
});
