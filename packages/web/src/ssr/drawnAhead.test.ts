// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { drawnAhead } from './drawnAhead';

function page(data: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Outpost');
  doc.body.innerHTML = '<div id="root"><p>drawn</p></div>';
  if (data !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'first-screen';
    script.textContent = data;
    doc.body.append(script);
  }
  return doc;
}

const screen = { pathname: '/server', scopes: ['servers.view', 'admin'], locale: 'de_DE', queries: [{ queryKey: ['servers', 'list', 1, { search: '' }], data: { servers: [] } }] };
const browser = { pathname: '/server', locale: 'de_DE', dark: false };

describe('drawnAhead', () => {
  it('reads what the panel drew the page from, and takes it over only where this browser would draw the same', () => {
    const ahead = drawnAhead(page(JSON.stringify(screen)))!;
    expect(ahead.scopes).toEqual(screen.scopes);
    expect(ahead.queries).toEqual(screen.queries);
    expect(ahead.matches(browser)).toBe(true);
    // Each difference would draw other markup: another address, language or scheme.
    expect(ahead.matches({ ...browser, pathname: '/server/0123abcd' })).toBe(false);
    expect(ahead.matches({ ...browser, locale: 'en_US' })).toBe(false);
    expect(ahead.matches({ ...browser, dark: true })).toBe(false);
  });

  it('finds nothing in a page sent as built, or in data it cannot read', () => {
    expect(drawnAhead(page(null))).toBeNull();
    expect(drawnAhead(page('{not json'))).toBeNull();
    expect(drawnAhead(page(JSON.stringify({ ...screen, scopes: 'admin' })))).toBeNull();
    expect(drawnAhead(page(JSON.stringify({ ...screen, scopes: [1] })))).toBeNull();
    expect(drawnAhead(page(JSON.stringify({ ...screen, queries: undefined })))).toBeNull();
  });
});
