import type { Page } from 'playwright-core';

/** What a server's terminal shows (xterm draws its rows as DOM text). */
export const consoleText = (page: Page) => page.getByTestId('console-terminal').locator('.xterm-rows').innerText();

/** Calls the panel with the page's session (its cookie), as the app would; answers the status. */
export const callFromPage = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) =>
      (await fetch(url, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).status,
    { method, url, body },
  );

/** A program that idles until it is stopped. */
const idleDefinition = { run: { command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], stopCode: 15 }, supportedEnvironments: [{ type: 'standard' }] };

/** A server on the first node, made through the panel's API with the page's session; answers its id. */
export function createServerFromPage(page: Page, name: string, definition: object = idleDefinition): Promise<string> {
  return page.evaluate(
    async ({ template, name }) => {
      const nodes = (await (await fetch('/api/nodes')).json()) as Array<{ id: number }>;
      const answer = await fetch('/api/servers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, node: nodes[0]!.id, template, environment: { type: 'standard' } }),
      });
      const body = (await answer.json()) as { id?: string };
      if (!body.id) throw new Error(`creating the server answered ${answer.status} ${JSON.stringify(body)}`);
      return body.id;
    },
    { template: definition, name },
  );
}
