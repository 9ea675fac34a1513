import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALE_COOKIE, defaultLocale, isLocale, matchLocale, rtlLocales, type FirstScreenRenderer, type Locale } from '@outpost/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstScreenRenderer } from '../shippedAssets.js';
import { authenticate, readSessionToken } from './auth.js';

/** index.html with a signed-in user's first screen drawn into it, or undefined to send it as built. */
export type FirstScreenPage = (request: FastifyRequest, indexHtml: string) => Promise<string | undefined>;

/** The language the browser will pick (i18n.ts initialLocale): its stored choice, then its languages. */
function requestLocale(request: FastifyRequest): Locale {
  const stored = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(stored)) return stored;
  const languages = (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0].trim()).filter(Boolean);
  return matchLocale(languages) ?? defaultLocale;
}

// Inside a <script type="application/json"> nothing may close the element or open a comment.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"[^>]*>/;

/**
 * The page with its stylesheet written into it: a drawn page paints once it is parsed, instead
 * of after a second request (which a cold browser, still starting up, answers late). Built CSS
 * under /assets only, read once per name (the name carries a hash of the content).
 */
function stylesheetInliner(webDist: string) {
  const sheets = new Map<string, Promise<string | undefined>>();
  const read = (name: string) => readFile(join(webDist, 'assets', name), 'utf8').then((css) => (css.includes('</style') ? undefined : css), () => undefined);
  return async (html: string): Promise<string> => {
    const name = stylesheetLink.exec(html)?.[1];
    if (!name) return html;
    if (!sheets.has(name)) sheets.set(name, read(name));
    const css = await sheets.get(name);
    return css === undefined ? html : html.replace(stylesheetLink, () => `<style>${css}</style>`);
  };
}

/**
 * A cold load of the server list or a server's page shows its content as soon as the HTML is in,
 * instead of after the app's code has loaded and run (issue 17: the list painted within 1 s).
 * The page's data comes from the API's own routes, called with the request's credentials, so
 * what is drawn is exactly what that session may read; any doubt (no session, a refused call, a
 * render error) sends the page as built and the browser draws it as before.
 */
export function firstScreenPages(app: FastifyInstance, webDist: string): FirstScreenPage {
  const entry = firstScreenRenderer(webDist);
  const inlineStylesheet = stylesheetInliner(webDist);
  let renderer: Promise<FirstScreenRenderer | undefined> | undefined;
  const load = () =>
    (renderer ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          app.log.warn({ err: error }, 'first-screen renderer failed to load; pages are sent as built');
          return undefined;
        })
      : Promise.resolve(undefined));
  // Loaded, and run once on an empty list, as the panel starts: the first visitor's page then
  // costs what any other does (some 25 ms), not the renderer's first run (some 150 ms).
  app.addHook('onReady', async () => {
    void load().then((render) => render?.renderFirstScreen({ pathname: '/server', scopes: [], locale: defaultLocale, queries: [] }).catch(() => undefined));
  });

  return async (request, indexHtml) => {
    const pathname = request.url.split('?')[0];
    if (!readSessionToken(request) || request.headers.authorization !== undefined) return undefined;
    const render = await load();
    const calls = render?.firstScreenCalls(pathname) ?? [];
    if (!render || calls.length === 0) return undefined;
    const session = await authenticate(request).catch(() => undefined);
    if (!session || session.client) return undefined;
    const queries = [];
    for (const call of calls) {
      const answer = await app.inject({ method: 'GET', url: call.path, headers: { cookie: request.headers.cookie ?? '' } });
      if (answer.statusCode !== 200) return undefined;
      queries.push({ queryKey: call.queryKey, data: answer.json() as unknown });
    }
    const locale = requestLocale(request);
    const screen = { pathname, scopes: session.scopes, locale, queries };
    let markup: string;
    try {
      markup = await render.renderFirstScreen(screen);
    } catch (error) {
      request.log.warn({ err: error }, 'first screen not drawn ahead');
      return undefined;
    }
    const lang = locale.replace('_', '-');
    const dir = rtlLocales.includes(locale) ? 'rtl' : 'ltr';
    return (await inlineStylesheet(indexHtml))
      .replace(/<html lang="[^"]*">/, () => `<html lang="${lang}" dir="${dir}">`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div><script type="application/json" id="first-screen">${jsonForHtml(screen)}</script>`);
  };
}
