import { afterEach, describe, expect, it } from 'vitest';
import { basicAuth, startFakeMailApi, type FakeMailApi } from '../../test/fakeMailApi.js';
import { sendMailgun } from './sendMailgun.js';

const message = { to: 'player@example.com', subject: 'Hello there', text: 'Plain words', html: '<p>Plain words</p>' };

/** Answers as Mailgun documents: 200 with an id for a well-formed send, 401 "Forbidden" for a wrong key, 400 with a message otherwise. */
function mailgun(request: { method: string; url: string; headers: Record<string, unknown>; body: string }) {
  if (basicAuth(request.headers as never) !== 'api:key-123') return { status: 401, body: 'Forbidden' };
  const form = new URLSearchParams(request.body);
  if (request.method !== 'POST' || request.url !== '/v3/mg.example.com/messages') return { status: 404, body: { message: 'not found' } };
  if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return { status: 400, body: { message: 'not a form' } };
  for (const field of ['from', 'to', 'subject', 'text', 'html']) if (!form.get(field)) return { status: 400, body: { message: `'${field}' parameter is missing` } };
  return { status: 200, body: { id: '<20261123.1@mg.example.com>', message: 'Queued. Thank you.' } };
}

describe('sendMailgun', () => {
  let api: FakeMailApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('posts the form fields Mailgun documents to /v3/{domain}/messages with the api key', async () => {
    api = await startFakeMailApi(mailgun);
    await sendMailgun({ provider: 'mailgun', from: 'Outpost <panel@mg.example.com>', domain: 'mg.example.com', key: 'key-123', apiUrl: api.url }, message);
    const form = new URLSearchParams(api.requests[0]!.body);
    expect(Object.fromEntries(form)).toEqual({ from: 'Outpost <panel@mg.example.com>', to: 'player@example.com', subject: 'Hello there', text: 'Plain words', html: '<p>Plain words</p>' });
  });

  it("fails with Mailgun's answer to a wrong key", async () => {
    api = await startFakeMailApi(mailgun);
    await expect(
      sendMailgun({ provider: 'mailgun', from: 'panel@mg.example.com', domain: 'mg.example.com', key: 'wrong', apiUrl: api.url }, message),
    ).rejects.toThrow('Mailgun answered 401: Forbidden');
  });
});
