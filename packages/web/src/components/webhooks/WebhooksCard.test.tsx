// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WebhooksCard } from './WebhooksCard';

const base = '/api/servers/abcd1234/webhooks';

// The panel, as far as the card talks to it: the hooks, what was sent, and a delivery log the test fills.
let hooks: Webhook[];
let deliveries: WebhookDelivery[];
let sent: { method: string; url: string; body?: unknown }[];
beforeEach(() => {
  hooks = [{ id: 4, url: 'https://hooks.example/a', events: ['server.crashed'], format: 'discord', enabled: true, server: 'abcd1234' }];
  deliveries = [];
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (method === 'GET' && url === base) return Response.json(hooks);
    if (method === 'POST' && url === base) {
      if (String(body.url).includes('127.0.0.1')) return Response.json({ error: { code: 'ErrPrivateTarget', msg: 'private' } }, { status: 400 });
      hooks = [...hooks, { id: 5, server: 'abcd1234', enabled: true, format: 'json', ...body }];
      return Response.json({ id: 5, secret: 'whsec-shown-once' }, { status: 201 });
    }
    if (method === 'POST' && url === `${base}/4/test`) {
      deliveries = [{ id: 'd1', event: 'webhook.test', status: 'delivered', time: new Date().toISOString(), attempts: 1, lastAttempt: new Date().toISOString(), nextAttempt: null, answerCode: 204, error: null }];
      return Response.json({ delivery: 'd1' }, { status: 202 });
    }
    if (method === 'GET' && url === `${base}/4/deliveries`) return Response.json({ deliveries });
    if (method === 'PUT') return Response.json(hooks[0]);
    return new Response(null, { status: 204 });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function chooseEvent(label: string) {
  fireEvent.click(screen.getByTestId('webhook-events'));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('the webhooks card', () => {
  it('creates a hook and shows its secret once, with a copy button', async () => {
    renderWithProviders(<WebhooksCard owner={{ server: 'abcd1234' }} />);
    await screen.findByTestId('webhook-row');
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://hooks.example/b' } });
    await chooseEvent('Crashed');
    fireEvent.click(screen.getByTestId('webhook-save'));
    const secret = await screen.findByTestId('webhook-secret');
    expect(within(secret).getByTestId('webhook-secret-value').textContent).toBe('whsec-shown-once');
    expect(within(secret).getByRole('button', { name: /Copy/ })).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: base, body: { url: 'https://hooks.example/b', events: ['server.crashed'], format: 'json', enabled: true } }]);
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(2));
    expect(screen.queryByText('whsec-shown-once')).toBeNull();
  });

  it("offers a server's hook only that server's events, and says why the panel refused a URL", async () => {
    renderWithProviders(<WebhooksCard owner={{ server: 'abcd1234' }} />);
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.click(screen.getByTestId('webhook-events'));
    await screen.findByRole('option', { name: 'Crashed' });
    expect(screen.queryByRole('option', { name: 'Signed in' })).toBeNull();
    await chooseEvent('Started');
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://127.0.0.1:9/hook' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect((await screen.findByTestId('webhook-refused')).textContent).toContain('loopback, link-local or private');
  });

  it('edits a hook: the form starts from it and saving replaces it', async () => {
    renderWithProviders(<WebhooksCard owner={{ server: 'abcd1234' }} />);
    fireEvent.click(await screen.findByTestId('webhook-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(((await screen.findByTestId('webhook-url')) as HTMLInputElement).value).toBe('https://hooks.example/a');
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(screen.queryByTestId('webhook-url')).toBeNull());
    expect(sent).toEqual([{ method: 'PUT', url: `${base}/4`, body: { url: 'https://hooks.example/a', events: ['server.crashed'], format: 'discord', enabled: false } }]);
  });

  it("offers the panel's own hooks every event, under /api/webhooks", async () => {
    hooks = [];
    vi.stubGlobal('fetch', async (url: string) => (url === '/api/webhooks' ? Response.json([]) : Response.json({ error: { code: 'ErrNotFound', msg: url } }, { status: 404 })));
    renderWithProviders(<WebhooksCard owner={{}} />);
    await screen.findByText('No webhooks yet.');
    fireEvent.click(screen.getAllByTestId('webhook-add')[0]!);
    fireEvent.click(await screen.findByTestId('webhook-events'));
    await screen.findByRole('option', { name: 'Signed in' });
    expect(screen.getByRole('option', { name: 'Node offline' })).toBeTruthy();
  });

  it('sends a test and shows the delivery with the answer code', async () => {
    renderWithProviders(<WebhooksCard owner={{ server: 'abcd1234' }} />);
    fireEvent.click(await screen.findByTestId('webhook-test'));
    const delivery = await screen.findByTestId('webhook-delivery');
    expect(delivery.getAttribute('data-status')).toBe('delivered');
    expect(delivery.textContent).toContain('Test');
    expect(within(delivery).getByTestId('webhook-delivery-answer').textContent).toBe('204');
    expect(sent.at(-1)).toMatchObject({ method: 'POST', url: `${base}/4/test` });
  });
});
