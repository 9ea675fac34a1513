// Top functions of a V8 .cpuprofile (from `node --cpu-prof`, or BENCH_PROFILE=<dir> on a bench):
// `node bench/lib/profileTop.mjs <file> [count]` prints self time per function, highest first.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export function topFunctions(profile, count = 15) {
  const self = new Map();
  const total = profile.samples.length;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  for (const [id, n] of hits) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? relative(process.cwd(), url.replace('file://', '')) : ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + n);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, n]) => ({ name, percent: (100 * n) / total }));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  for (const { name, percent } of topFunctions(profile, Number(process.argv[3] || 25))) console.log(`${percent.toFixed(1).padStart(5)}%  ${name}`);
}
