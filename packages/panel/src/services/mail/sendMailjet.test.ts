import { afterEach, describe, expect, it } from 'vitest';
import { basicAuth, startFakeMailApi, type FakeMailApi } from '../../test/fakeMailApi.js';
import { sendMailjet } from './sendMailjet.js';

const message = { to: 'player@example.com', subject: 'Hello there', text: 'Plain words', html: '<p>Plain words</p>' };

interface SendBody {
  Messages?: { From?: { Email?: string }; To?: { Email?: string }[]; Subject?: string; TextPart?: string; HTMLPart?: string }[];
}

/** Answers as Mailjet's Send API v3.1 documents: per-message Status, and errors in the Messages array. */
function mailjet(request: { method: string; url: string; headers: Record<string, unknown>; body: string }) {
  if (basicAuth(request.headers as never) !== 'pub-key:priv-secret') {
    return { status: 401, body: { ErrorIdentifier: 'x', StatusCode: 401, ErrorMessage: 'API key authentication/authorization failure. You may be unauthorized to access the API or your API key may be expired.' } };
  }
  if (request.method !== 'POST' || request.url !== '/v3.1/send') return { status: 404, body: {} };
  const body = JSON.parse(request.body) as SendBody;
  const m = body.Messages?.[0];
  if (!m?.From?.Email || !m.To?.[0]?.Email || !m.Subject || !m.TextPart || !m.HTMLPart) {
    return { status: 400, body: { Messages: [{ Status: 'error', Errors: [{ ErrorCode: 'mj-0003', StatusCode: 400, ErrorMessage: 'Missing mandatory property.' }] }] } };
  }
  return { status: 200, body: { Messages: [{ Status: 'success', To: [{ Email: m.To[0].Email, MessageID: 1 }] }] } };
}

describe('sendMailjet', () => {
  let api: FakeMailApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('posts a Messages array to /v3.1/send with the key and secret', async () => {
    api = await startFakeMailApi(mailjet);
    await sendMailjet({ provider: 'mailjet', from: 'Outpost <panel@example.com>', key: 'pub-key', secret: 'priv-secret', apiUrl: api.url }, message);
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(api.requests[0]!.body)).toEqual({
      Messages: [{ From: { Email: 'panel@example.com', Name: 'Outpost' }, To: [{ Email: 'player@example.com' }], Subject: 'Hello there', TextPart: 'Plain words', HTMLPart: '<p>Plain words</p>' }],
    });
  });

  it("fails with Mailjet's message for a wrong secret", async () => {
    api = await startFakeMailApi(mailjet);
    await expect(sendMailjet({ provider: 'mailjet', from: 'panel@example.com', key: 'pub-key', secret: 'nope', apiUrl: api.url }, message)).rejects.toThrow(
      /Mailjet answered 401: API key authentication/,
    );
  });
});
