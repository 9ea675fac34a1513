import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The Outpost checkout this panel runs from, found from this file rather than the working
// directory: src/ and its build dist/ sit at the same depth below it.
const root = new URL('../../../', import.meta.url);
const folder = (path: string) => fileURLToPath(new URL(path, root));

/** Where each folder that ships with Outpost lies; every path ends with a separator. */
export const shippedAssets = {
  /** The interface catalogues, `<locale>.json` each (the web app bundles its own copies). */
  catalogues: folder('packages/shared/src/i18n/'),
  /** The template repository that ships with Outpost: `index.json` and `<id>.json` each. */
  templates: folder('templates/'),
  /** The themes, a folder each: theme.json, theme.css and assets/. */
  themes: folder('themes/'),
  /** The web app's build for the browser: index.html and assets/. */
  web: folder('packages/web/dist/'),
  /** The daemon for another machine, bundled with its dependencies (scripts/buildDaemonDownload.mjs). */
  daemonDownload: folder('packages/daemon/dist/download/'),
};

/** The first-screen renderer built beside a web build (`dist-ssr`, by the web app's build script). */
export function firstScreenRenderer(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'renderFirstScreen.js');
}
