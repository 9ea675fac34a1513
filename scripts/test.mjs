// `npm test`: every test. Runs the linter and the unused-code check (one test each), starts
// PostgreSQL and MariaDB for the database tests when their binaries are on the machine, builds the
// app for the browser tests, runs Vitest (unit and integration), then the browser tests, and prints
// one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDatabases } from './testDatabases.mjs';
import { startTestPodman } from './testPodman.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Runs `npm run <script>` as one test: quiet when it passes, its findings when it fails. */
function check(script) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`✓ ${script} (${seconds} s)`);
    return { passed: 1, failed: 0 };
  }
  console.log(`✗ ${script} (${seconds} s); its findings (\`npm run ${script}\` shows them again):`);
  // npm's own warnings (an unknown key in ~/.npmrc) are not findings.
  const stderr = (result.stderr ?? '').split('\n').filter((line) => !line.startsWith('npm warn')).join('\n');
  process.stdout.write(`${result.stdout ?? ''}${stderr}${result.error ? String(result.error) : ''}\n`);
  return { passed: 0, failed: 1 };
}

const checks = [check('lint'), check('knip')];

const reports = mkdtempSync(join(tmpdir(), 'outpost-test-'));
const databases = await startTestDatabases();
const podman = await startTestPodman();
const env = { ...process.env, ...databases.env, ...podman.env };

function vitest(name, args) {
  const outputFile = join(reports, `${name}.json`);
  const result = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: root, env, stdio: 'inherit' },
  );
  let passed = 0;
  let failed = result.status === 0 ? 0 : 1;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (result.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  } catch {
    // No report: the run itself failed and counts as one failure.
  }
  return { passed, failed };
}

let totals;
try {
  const unit = vitest('unit', []);
  const build = spawnSync('node', [join(root, 'scripts/build.mjs')], { cwd: root, env, stdio: 'inherit' });
  const e2e = build.status === 0 ? vitest('e2e', ['--config', 'e2e/vitest.config.ts']) : { passed: 0, failed: 1 };
  totals = [...checks, unit, e2e].reduce((sum, part) => ({ passed: sum.passed + part.passed, failed: sum.failed + part.failed }));
} finally {
  await databases.stop();
  await podman.stop();
  rmSync(reports, { recursive: true, force: true });
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
