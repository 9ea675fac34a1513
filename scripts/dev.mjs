// `npm run dev`: the panel from its TypeScript sources (no build step; restart it after server changes) and the
// web app on Vite's dev server with hot reload, which forwards API calls to the panel on 8080.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('node', ['--conditions=source', '--import', 'tsx', 'scripts/devPanel.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'packages/web/vite.config.ts', 'packages/web'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
