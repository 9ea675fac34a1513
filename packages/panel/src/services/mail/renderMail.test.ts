import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedAssets } from '../../shippedAssets.js';
import { mailTranslator } from './mailCatalogue.js';
import { renderMail } from './renderMail.js';

const german = JSON.parse(readFileSync(join(shippedAssets.catalogues, 'de_DE.json'), 'utf8')) as { nav: { servers: string }; mail: { test: { subject: string } } };

describe('renderMail', () => {
  it('writes a greeting, the body, the link and the signature in both parts', async () => {
    const mail = await renderMail('en_US', 'new@example.com', {
      kind: 'invitation',
      values: { inviter: 'alice', server: 'Creative world', company: 'Blocky Hosting' },
      link: 'https://panel.example.com/auth/invite?token=abc&x=1',
    });
    expect(mail.to).toBe('new@example.com');
    expect(mail.subject).toBe('You are invited to Creative world');
    expect(mail.text.split('\n\n')).toEqual([
      'Hello,',
      'alice invited you to the server Creative world on Blocky Hosting. Choose a username and password to create your account. The link is valid for 7 days and works once.',
      'Accept the invitation: https://panel.example.com/auth/invite?token=abc&x=1',
      'If you did not expect this mail, you can ignore it.',
      'Blocky Hosting\n',
    ]);
    expect(mail.html).toContain('<a href="https://panel.example.com/auth/invite?token=abc&amp;x=1"');
  });

  it('escapes names in the HTML part, so a server name cannot inject markup', async () => {
    const mail = await renderMail('en_US', 'a@example.com', { kind: 'serverDeleted', name: 'bob', values: { server: '<img src=x onerror=alert(1)>', actor: 'eve', company: 'X' } });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Hello bob,');
  });

  it("quotes a crash's console lines as they are after the body, escaped in the HTML part", async () => {
    const mail = await renderMail('en_US', 'a@example.com', { kind: 'serverCrashed', name: 'bob', values: { server: 'Crashy', time: 'now', company: 'X' }, link: 'https://panel.example.com/server/1', quote: ['<b>boom</b>', 'at line 2'] });
    expect(mail.text.split('\n\n').slice(1, 3)).toEqual(['The server Crashy stopped unexpectedly (now).', '> <b>boom</b>\n> at line 2']);
    expect(mail.html).toContain('&lt;b&gt;boom&lt;/b&gt;\nat line 2</pre>');
    expect(mail.html).not.toContain('<b>boom');
  });

  it('marks the language, right to left for Arabic and Hebrew', async () => {
    expect((await renderMail('he_IL', 'a@example.com', { kind: 'test', values: { company: 'X' } })).html).toContain('<html lang="he-IL" dir="rtl">');
    expect((await renderMail('fr_FR', 'a@example.com', { kind: 'test', values: { company: 'X' } })).html).toContain('<html lang="fr-FR">');
  });

  it("reads the recipient's catalogue, and English for an unknown locale", async () => {
    const de = await mailTranslator('de_DE');
    expect(de('nav.servers')).toBe(german.nav.servers);
    expect(de('mail.test.subject', { company: 'X' })).toBe(german.mail.test.subject.replace('{{company}}', 'X'));
    expect((await mailTranslator('xx_XX'))('mail.greeting', { name: 'Ann' })).toBe('Hello Ann,');
  });
});
