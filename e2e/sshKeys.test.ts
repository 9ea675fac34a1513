import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();
const dir = mkdtempSync(join(tmpdir(), 'outpost-e2e-sshkeys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A key pair from OpenSSH's ssh-keygen: the .pub line and the fingerprint ssh-keygen -lf prints. */
function keygen(name: string, type: string, bits?: number): { line: string; fingerprint: string } {
  const path = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', type, ...(bits ? ['-b', String(bits)] : []), '-N', '', '-C', `${name}@laptop`, '-f', path]);
  return { line: readFileSync(`${path}.pub`, 'utf8').trim(), fingerprint: execFileSync('ssh-keygen', ['-lf', `${path}.pub`]).toString().split(' ')[1] };
}

describe('SSH keys on the Account screen', () => {
  it('adds a key, refuses a short RSA key, and removes the key after asking, in English and German', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page, admin);
    await page.goto('/account');
    const card = page.getByTestId('account-sshkeys');
    await card.getByText('No SSH keys yet.').waitFor();

    const ed25519 = keygen('ed25519', 'ed25519');
    await card.getByTestId('sshkey-name').fill('Work laptop');
    await card.getByTestId('sshkey-key').fill(ed25519.line);
    await card.getByTestId('sshkey-add').click();
    await page.getByText('SSH key added').waitFor();
    const row = card.getByTestId('sshkey-row');
    await row.getByText('Work laptop').waitFor();
    await expect(row.getByTestId('sshkey-fingerprint').textContent()).resolves.toBe(ed25519.fingerprint);
    await row.getByText('ED25519').waitFor();
    await row.getByText('never used').waitFor();
    // The form is empty again for the next key.
    await expect(card.getByTestId('sshkey-key').inputValue()).resolves.toBe('');

    const short = keygen('rsa1024', 'rsa', 1024);
    await card.getByTestId('sshkey-name').fill('Old desktop');
    await card.getByTestId('sshkey-key').fill(short.line);
    await card.getByTestId('sshkey-add').click();
    await card.getByText('This RSA key has 1024 bits; at least 2048 are needed.').waitFor();
    await expect(row.count()).resolves.toBe(1);
    await screenshot(page, 'account-sshkeys');

    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=de_DE]').click();
    await card.getByText('SSH-Schlüssel', { exact: true }).waitFor();
    await row.getByText('nie verwendet').waitFor();
    await card.getByTestId('sshkey-key').fill('ssh-dss AAAAB3NzaC1kc3MAAACBAP');
    await card.getByTestId('sshkey-add').click();
    await card.getByText('Das ist kein OpenSSH-Public-Key eines zulässigen Typs (ed25519, ECDSA oder RSA).').waitFor();
    await screenshot(page, 'account-sshkeys-de');

    await row.getByTestId('sshkey-remove').click();
    await page.getByText('Den Schlüssel Work laptop entfernen?', { exact: false }).waitFor();
    await screenshot(page, 'account-sshkeys-remove-de');
    await page.getByTestId('sshkey-remove-confirm').click();
    await page.getByText('SSH-Schlüssel entfernt').waitFor();
    await card.getByText('Noch keine SSH-Schlüssel.').waitFor();
    await expect(row.count()).resolves.toBe(0);
  });
});
