import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, callFromPage, openBrowser, type RunningApp, startApp } from './support';
import { axeViolations, countByImpact, describeBlocking, type AxeViolation, type Impact } from './support/axe';
import { createServerFromPage } from './support/servers';

// axe-core on every screen, signed out and in, each server tab and every dialog, in light and dark,
// English and Arabic (right to left): no critical and no serious violation (WCAG 2.2 AA).

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  // The whole list, for a person fixing them (e2e/screenshots/ is git-ignored).
  mkdirSync(report.slice(0, report.lastIndexOf('/')), { recursive: true });
  writeFileSync(report, `${JSON.stringify({ totals, rules }, null, 2)}\n\n${failures.join('\n\n')}\n\n${app?.output() ?? ''}`);
  await app?.stop();
});
const report = new URL('./screenshots/axe-report.txt', import.meta.url).pathname;

/** Ids the screens need, made once through the API by the first variant. */
const made = { server: '', node: '', user: '' };

const call = callFromPage;

async function makeData(page: Page): Promise<void> {
  if (made.server) return;
  expect(await call(page, 'POST', '/api/templates/import/nodejs')).toBe(204);
  made.server = await createServerFromPage(page, 'axe server');
  await page.evaluate(async (id) => {
    const form = new FormData();
    form.append('file', new Blob(['{"hello": "world"}\n']), 'notes.json');
    await fetch(`/proxy/daemon/server/${id}/file/notes.json`, { method: 'PUT', body: form });
  }, made.server);
  made.node = String(await page.evaluate(async () => ((await (await fetch('/api/nodes')).json()) as Array<{ id: number }>)[0]!.id));
  const registered = await fetch(`${app.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'axeuser', email: 'axe@outpost.test', password: 'axe-password-1' }),
  });
  expect(registered.status).toBe(200);
  const { users } = await page.evaluate(async () => (await (await fetch('/api/users?page=1&limit=50')).json()) as { users: Array<{ id: number; email: string }> });
  made.user = String(users.find((u) => u.email === 'axe@outpost.test')!.id);
}

/** Waits for a screen to settle: its code loaded, no skeleton or spinner left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('[data-testid=loading], .mantine-Skeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** An open dialog, whatever its title. */
const dialog = (page: Page) => page.getByRole('dialog').last();

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'hidden' }).catch(() => undefined);
}

interface Visit {
  name: string;
  /** Brings the page to the state to check. */
  open: (page: Page) => Promise<unknown>;
}

const goto = (path: string) => async (page: Page) => {
  await page.goto(path);
  await settled(page);
};

const tab = (id: string) => async (page: Page) => {
  await page.goto(`/server/${made.server}`);
  await page.locator(`[data-tab=${id}]`).click();
  await settled(page);
};

const signedOut: Visit[] = [
  { name: 'login', open: goto('/auth/login') },
  { name: 'register', open: goto('/auth/register') },
  { name: 'forgot password', open: goto('/auth/forgot') },
  { name: 'reset password', open: goto('/auth/reset?token=not-a-token') },
  { name: 'invite', open: goto('/auth/invite?token=not-a-token') },
];

const signedIn: Visit[] = [
  { name: 'server list', open: goto('/server') },
  { name: 'add server', open: goto('/addserver') },
  ...['console', 'stats', 'files', 'backups', 'tasks', 'settings', 'users', 'activity', 'admin'].map((id) => ({ name: `server ${id}`, open: tab(id) })),
  { name: 'nodes', open: goto('/node') },
  { name: 'node', open: async (page: Page) => goto(`/node/${made.node}`)(page) },
  { name: 'add node', open: goto('/addnode') },
  { name: 'templates', open: goto('/template') },
  { name: 'template editor', open: goto('/template/nodejs') },
  { name: 'add template', open: goto('/addtemplate') },
  { name: 'users', open: goto('/user') },
  { name: 'user', open: async (page: Page) => goto(`/user/${made.user}`)(page) },
  { name: 'add user', open: goto('/adduser') },
  { name: 'settings', open: goto('/settings') },
  { name: 'account', open: goto('/account') },
  { name: 'activity', open: goto('/activity') },
  { name: 'not found', open: goto('/no/such/screen') },
];

/** Every dialog, opened from its screen. */
const dialogs: Visit[] = [
  { name: 'language dialog', open: async (page) => (await goto('/server')(page), await page.getByTestId('language-button').click(), await dialog(page).waitFor()) },
  { name: 'rename server dialog', open: async (page) => (await tab('console')(page), await page.getByTestId('server-rename').click(), await dialog(page).waitFor()) },
  { name: 'new file dialog', open: async (page) => (await tab('files')(page), await page.getByTestId('file-new').click(), await dialog(page).waitFor()) },
  {
    name: 'file editor dialog',
    open: async (page) => (await tab('files')(page), await page.getByTestId('file-list').getByText('notes.json').click(), await page.getByTestId('code-editor').waitFor()),
  },
  { name: 'shortcuts dialog', open: async (page) => (await goto('/server')(page), await page.keyboard.press('?'), await dialog(page).waitFor()) },
  { name: 'create backup dialog', open: async (page) => (await tab('backups')(page), await page.getByTestId('backup-create').first().click(), await dialog(page).waitFor()) },
  { name: 'task dialog', open: async (page) => (await tab('tasks')(page), await page.getByTestId('task-add').click(), await dialog(page).waitFor()) },
  { name: 'delete server dialog', open: async (page) => (await tab('admin')(page), await page.getByTestId('delete-server').click(), await dialog(page).waitFor()) },
  { name: 'import templates dialog', open: async (page) => (await goto('/template')(page), await page.getByTestId('import-templates').click(), await dialog(page).waitFor()) },
  { name: 'delete user dialog', open: async (page) => (await goto(`/user/${made.user}`)(page), await page.getByTestId('delete-user').click(), await dialog(page).waitFor()) },
  { name: 'webhook dialog', open: async (page) => (await goto('/settings')(page), await page.getByTestId('webhook-add').click(), await dialog(page).waitFor()) },
  { name: 'two-factor setup', open: async (page) => (await goto('/account')(page), await page.getByTestId('otp-enable').click(), await page.getByTestId('otp-setup').waitFor()) },
];

type Tally = Record<Impact, number>;
const totals: Record<string, Tally> = {};
const failures: string[] = [];
/** Screens breaking each rule, over all variants, for the summary. */
const rules: Record<string, number> = {};

async function check(page: Page, variant: string, visit: Visit): Promise<void> {
  try {
    await visit.open(page);
  } catch (error) {
    failures.push(`${variant} / ${visit.name}: could not open: ${String(error).split('\n')[0]}`);
    return;
  }
  const violations: AxeViolation[] = await axeViolations(page);
  const tally = totals[variant] ?? (totals[variant] = { critical: 0, serious: 0, moderate: 0, minor: 0 });
  // Counted per rule broken on a screen, as the issue counts them.
  for (const v of violations) {
    tally[v.impact] += 1;
    rules[v.id] = (rules[v.id] ?? 0) + 1;
  }
  const blocking = describeBlocking(violations);
  if (blocking) failures.push(`${variant} / ${visit.name}:\n${blocking}`);
  if (process.env.AXE_VERBOSE) console.log(variant, visit.name, countByImpact(violations));
}

const variants = [
  { scheme: 'light', locale: 'en_US' },
  { scheme: 'dark', locale: 'en_US' },
  { scheme: 'light', locale: 'ar_SA' },
  { scheme: 'dark', locale: 'ar_SA' },
] as const;

describe('accessibility (axe-core)', () => {
  for (const { scheme, locale } of variants) {
    it(`has no critical or serious violation on any screen or dialog, ${scheme} and ${locale}`, async () => {
      const variant = `${scheme} ${locale}`;
      const browser = await openBrowser(app.url);
      try {
        const { page, context } = browser;
        await context.addInitScript(
          ({ dark, locale }) => {
            localStorage.setItem('dark', String(dark));
            localStorage.setItem('locale', locale);
          },
          { dark: scheme === 'dark', locale },
        );
        for (const visit of signedOut) await check(page, variant, visit);
        await page.goto('/auth/login');
        await page.locator('input[name=email]').fill(admin.email);
        await page.locator('input[name=password]').fill(admin.password);
        await page.locator('form button[type=submit]').click();
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
        await makeData(page);
        for (const visit of signedIn) await check(page, variant, visit);
        for (const visit of dialogs) {
          await check(page, variant, visit);
          await closeDialog(page);
        }
      } finally {
        await browser.close();
      }
      console.log(`axe ${variant}: ${JSON.stringify(totals[variant])} rules so far ${JSON.stringify(rules)}`);
      expect(failures.filter((f) => f.startsWith(variant)).join('\n\n')).toBe('');
    }, 300_000);
  }
});
