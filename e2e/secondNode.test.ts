// A second machine set up from the node page (issue 35, item 7): add a node on the Nodes screen,
// read the install commands off its page and run them as written, in an empty folder, with
// nothing on PATH but node and sh; the page sees the node come online.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, freePort, openBrowser, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();
const folders: string[] = [];
let shell: ChildProcess | undefined;
let shellOutput = '';

afterAll(async () => {
  if (shell?.pid && shell.exitCode === null && shell.signalCode === null) {
    const exited = new Promise((resolve) => shell!.once('exit', resolve));
    // The whole group: sh and the daemon it started in the foreground, as Ctrl+C would.
    process.kill(-shell.pid, 'SIGTERM');
    await exited;
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const onlineOf = (page: Page) => page.getByTestId('node-status').first().getAttribute('data-online');

/** The folder the page's commands install into; the one thing the test puts in its place. */
const PAGE_FOLDER = '/opt/outpost';

/** A folder of the test's own, removed at the end. */
function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

describe('a second node from its page', () => {
  it('runs the commands the node page shows in an empty folder with only node and sh, and the node comes online', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.getByTestId('nav-node').click();
    await page.getByTestId('add-node').click();
    await page.waitForURL('**/addnode');
    await page.getByLabel('Name').fill('Second machine');
    await page.getByLabel('Public host').fill('127.0.0.1');
    await page.getByLabel('Public port').fill(String(await freePort()));
    await page.getByLabel('SFTP port').fill(String(await freePort()));
    await page.getByTestId('node-save').click();
    await page.waitForURL(/\/node\/\d+$/);
    await expect.poll(() => onlineOf(page)).toBe('false');

    await page.getByTestId('show-deployment').click();
    const commands = await page.getByTestId('install-commands').innerText();
    expect(commands).toContain(`${rig.app.url}/daemon/outpost-daemon.tgz`);
    expect(commands).toContain(PAGE_FOLDER);
    // The systemd unit starts the same daemon with the same file, from the same folder.
    const unit = await page.getByTestId('systemd-unit').innerText();
    expect(unit).toContain(`ExecStart=/usr/bin/env node ${PAGE_FOLDER}/outpost-daemon/bin/outpost-daemon.js --config ${PAGE_FOLDER}/daemon.json`);
    await screenshot(page, 'second-node-commands');

    // The "machine": an empty folder, and a PATH that holds node and sh and nothing else. Open to
    // others (0755): a root daemon in a closed folder would put server folders in /var/lib/outpost.
    const machine = tempFolder('outpost-e2e-machine-');
    chmodSync(machine, 0o755);
    const bin = tempFolder('outpost-e2e-path-');
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync('/bin/sh', join(bin, 'sh'));
    expect(readdirSync(machine)).toEqual([]);
    shell = spawn(join(bin, 'sh'), ['-c', commands.replaceAll(PAGE_FOLDER, machine)], {
      cwd: machine,
      env: { PATH: bin, HOME: machine },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    shell.stdout?.on('data', (chunk: Buffer) => (shellOutput += chunk.toString()));
    shell.stderr?.on('data', (chunk: Buffer) => (shellOutput += chunk.toString()));

    await expect.poll(() => shellOutput, { timeout: 60_000 }).toMatch(/Outpost daemon for node \d+ is listening on port \d+/);
    await expect.poll(() => onlineOf(page), { timeout: 30_000 }).toBe('true');
    expect(existsSync(join(machine, 'daemon.json'))).toBe(true);
    await expect(page.getByTestId('node-status').first().innerText()).resolves.toMatch(/online · \d+\.\d+\.\d+/i);
    await screenshot(page, 'second-node-online');

    // The same page in German: the commands are the same, the words around them translated.
    const german = await openBrowser(rig.app.url, { locale: 'de-DE' });
    try {
      await signIn(german.page, admin);
      await german.page.goto(new URL(page.url()).pathname);
      await german.page.getByTestId('show-deployment').click();
      await german.page.getByText('Installieren und starten').waitFor();
      await expect(german.page.getByTestId('install-commands').innerText()).resolves.toBe(commands);
      await expect.poll(() => onlineOf(german.page)).toBe('true');
      await screenshot(german.page, 'second-node-de');
    } finally {
      await german.close();
    }
  });

  it('serves the daemon download to anyone, with nothing of a node in it', async () => {
    const response = await fetch(`${rig.app.url}/daemon/outpost-daemon.tgz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await response.arrayBuffer());
    // gzip's magic number, and a size that holds a bundled daemon.
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(bytes.length).toBeGreaterThan(100_000);
  });
});
