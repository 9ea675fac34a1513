/** One line of a Prometheus text answer: a series' name, labels and value. */
export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The series of a Prometheus text answer (format 0.0.4), comments left out; enough for the tests' own labels. */
export function parseMetrics(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    series.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return series;
}
