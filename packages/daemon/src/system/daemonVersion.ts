import { readFileSync } from 'node:fs';

// From src/system/ and dist/system/ alike, the package's own manifest is two folders up.
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The version this daemon runs, as the node list shows it. */
export const daemonVersion: string = manifest.version;
