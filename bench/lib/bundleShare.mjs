// Which packages the bytes of built chunks come from: reads each chunk's source map and gives every
// generated character to the source its mapping segment names. For the web benchmark's evidence.
import { readFile } from 'node:fs/promises';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one VLQ segment into numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

const packageOf = (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? `(app) ${source.replace(/^.*?\/(packages\/[^/]+)\/src\/.*$/, '$1')}`;

/** Bytes of `file` (a built .js with a .map beside it) per package, added into `totals`. */
export async function addShares(file, totals = new Map()) {
  const code = await readFile(file, 'utf8');
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, lineNo) => {
    const text = lines[lineNo] ?? '';
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    let last = { column: 0, source: -1 };
    for (const segment of segments) {
      column += segment[0];
      if (last.source >= 0) totals.set(packageOf(map.sources[last.source]), (totals.get(packageOf(map.sources[last.source])) ?? 0) + (column - last.column));
      if (segment.length > 1) source += segment[1];
      last = { column, source: segment.length > 1 ? source : -1 };
    }
    if (last.source >= 0) totals.set(packageOf(map.sources[last.source]), (totals.get(packageOf(map.sources[last.source])) ?? 0) + (text.length - last.column));
  });
  return totals;
}
