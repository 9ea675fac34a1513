import { afterEach, describe, expect, it } from 'vitest';
import { refusedPort, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';
import type { SmtpSettings } from './mailSettings.js';
import { sendSmtp } from './sendSmtp.js';

const message = { to: 'player@example.com', subject: 'Hello there', text: 'Plain words\n\nOpen: https://panel.example.com/x?token=abc\n', html: '<p>Plain <b>words</b></p>' };
const settings = (port: number, more: Partial<SmtpSettings> = {}): SmtpSettings => ({
  provider: 'smtp',
  from: 'Outpost <panel@example.com>',
  host: '127.0.0.1',
  port,
  tls: 'starttls',
  allowSelfSigned: true,
  username: '',
  password: '',
  ...more,
});

describe('sendSmtp', () => {
  let catcher: MailCatcher | undefined;
  afterEach(async () => {
    await catcher?.close();
    catcher = undefined;
  });

  it('delivers through STARTTLS with a login: subject, recipient, both parts and the link arrive', async () => {
    catcher = await startMailCatcher({ auth: { user: 'mailer', pass: 's3cret' } });
    await sendSmtp(settings(catcher.port, { username: 'mailer', password: 's3cret' }), message);
    expect(catcher.logins).toEqual(['mailer:s3cret']);
    const [mail] = catcher.mails;
    expect(mail).toMatchObject({ rcptTo: ['player@example.com'], subject: 'Hello there', link: 'https://panel.example.com/x?token=abc' });
    expect(mail!.from).toContain('panel@example.com');
    expect(mail!.text).toContain('Plain words');
    expect(mail!.html).toContain('<b>words</b>');
  });

  it('speaks TLS from the first byte when told implicit TLS', async () => {
    catcher = await startMailCatcher({ secure: true });
    await sendSmtp(settings(catcher.port, { tls: 'implicit' }), message);
    expect(catcher.mails.map((m) => m.subject)).toEqual(['Hello there']);
  });

  it('sends in clear when TLS is off', async () => {
    catcher = await startMailCatcher();
    await sendSmtp(settings(catcher.port, { tls: 'none' }), message);
    expect(catcher.mails).toHaveLength(1);
  });

  it("refuses a self-signed certificate unless allowed, and delivers nothing", async () => {
    catcher = await startMailCatcher({ secure: true });
    await expect(sendSmtp(settings(catcher.port, { tls: 'implicit', allowSelfSigned: false }), message)).rejects.toThrow(/certificate/i);
    expect(catcher.mails).toEqual([]);
  });

  it('answers the server\'s refusal of a wrong password', async () => {
    catcher = await startMailCatcher({ auth: { user: 'mailer', pass: 's3cret' } });
    await expect(sendSmtp(settings(catcher.port, { username: 'mailer', password: 'wrong' }), message)).rejects.toThrow(/Invalid username or password/);
    expect(catcher.mails).toEqual([]);
  });

  it('in auto mode, takes STARTTLS when the relay offers it', async () => {
    catcher = await startMailCatcher();
    await sendSmtp(settings(catcher.port, { tls: 'auto' }), message);
    expect(catcher.mails.map((m) => m.secured)).toEqual([true]);
  });

  it('in auto mode, hands mail in clear to a relay on this machine that offers no STARTTLS', async () => {
    catcher = await startMailCatcher({ plain: true });
    await sendSmtp(settings(catcher.port, { tls: 'auto' }), message);
    expect(catcher.mails.map((m) => [m.subject, m.secured])).toEqual([['Hello there', false]]);
  });

  it('in auto mode, requires STARTTLS of a relay it does not take for local, and sends nothing in clear', async () => {
    // A loopback decoy under a name the panel does not treat as this machine (IPv4-mapped IPv6).
    catcher = await startMailCatcher({ plain: true });
    await expect(sendSmtp(settings(catcher.port, { tls: 'auto', host: '::ffff:127.0.0.1' }), message)).rejects.toThrow(/STARTTLS/i);
    expect(catcher.mails).toEqual([]);
  });

  it('with STARTTLS chosen, refuses a relay that does not offer it, even on this machine', async () => {
    catcher = await startMailCatcher({ plain: true });
    await expect(sendSmtp(settings(catcher.port, { tls: 'starttls' }), message)).rejects.toThrow(/STARTTLS/i);
    expect(catcher.mails).toEqual([]);
  });

  it('fails with the connection error when nothing listens', async () => {
    await expect(sendSmtp(settings(await refusedPort()), message)).rejects.toThrow(/ECONNREFUSED/);
  });
});
