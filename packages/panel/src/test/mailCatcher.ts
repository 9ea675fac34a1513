import { SettingKeys } from '@outpost/shared';
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipients, as the SMTP server was told them. */
  rcptTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) address in the plain-text part: a mail's button. */
  link?: string;
  /** Whether the mail came over TLS (implicit, or after STARTTLS). */
  secured: boolean;
}

export interface MailCatcher {
  port: number;
  mails: CaughtMail[];
  /** The logins the server accepted (user:password). */
  logins: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps each delivered mail, parsed. `secure` speaks TLS
 * from the first byte; otherwise STARTTLS is offered, unless `plain` (a relay that knows no TLS).
 * Both use smtp-server's self-signed certificate.
 */
export async function startMailCatcher(options: { secure?: boolean; plain?: boolean; auth?: { user: string; pass: string } } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    authOptional: !options.auth,
    disabledCommands: [...(options.auth ? [] : ['AUTH']), ...(options.plain ? ['STARTTLS'] : [])],
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        logins.push(`${auth.username}:${auth.password}`);
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          mails.push({
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            from: parsed.from?.text ?? '',
            to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? ''),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            link: /https?:\/\/\S+/.exec(text)?.[0],
            secured: session.secure,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points a panel's mail at a catcher (plain SMTP, no login). */
export async function sendMailTo(app: { panel: { repo: { settings: { setMany(values: Record<string, string>): Promise<void> } } } }, catcher: { port: number }): Promise<void> {
  await app.panel.repo.settings.setMany({
    [SettingKeys.emailProvider]: 'smtp',
    [SettingKeys.emailFrom]: 'Outpost <panel@outpost.test>',
    [SettingKeys.emailHost]: `127.0.0.1:${catcher.port}`,
    [SettingKeys.emailTls]: 'none',
  });
}

/** A loopback port nothing listens on (taken and let go again): connecting to it is refused. */
export async function refusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
