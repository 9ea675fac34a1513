// How every benchmark measures: ours and its baseline take turns over several rounds (the
// machine is shared and swings from minute to minute, so only same-run comparisons mean
// anything), the best round of each counts, and the last line says `<name>: ours/baseline = ratio`.
import { appendFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Runs each contender once per round, the order alternating each round (A B, B A, ...).
 * `contenders` maps a name to an async function answering a figure where higher is better
 * (or an object with `value`). Answers, per name, every round's result and the best one.
 */
export async function alternate(contenders, { rounds = ROUNDS, better = (a, b) => a.value > b.value } = {}) {
  const names = Object.keys(contenders);
  const runs = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const raw = await contenders[name]();
      const result = typeof raw === 'number' ? { value: raw } : raw;
      runs[name].push(result);
      if (process.env.BENCH_VERBOSE) console.log(`  round ${round + 1} ${name}: ${JSON.stringify(result)}`);
    }
  }
  return Object.fromEntries(names.map((n) => [n, { runs: runs[n], best: runs[n].reduce((a, b) => (better(b, a) ? b : a)) }]));
}

/** Prints the last line a benchmark owes and records it for `npm run bench` (bench/.results.jsonl). */
export async function report(name, line, details = {}) {
  const text = `${name}: ${line}`;
  console.log(text);
  const dir = fileURLToPath(new URL('../', import.meta.url));
  await mkdir(dir, { recursive: true });
  await appendFile(new URL('../.results.jsonl', import.meta.url), JSON.stringify({ name, line: text, at: new Date().toISOString(), ...details }) + '\n');
}

/** The ratio line: `ours/baseline = ratio`, with units. */
export function ratioLine(ours, baseline, unit, extra = '') {
  return `${fmt(ours, ours < 100 ? 1 : 0)}/${fmt(baseline, baseline < 100 ? 1 : 0)} ${unit} = ${(ours / baseline).toFixed(2)}${extra}`;
}
