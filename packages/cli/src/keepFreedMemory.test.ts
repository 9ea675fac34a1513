import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);

/**
 * A fresh Node process that allocates a 20 MiB buffer, writes it and frees it, four times, and
 * answers how many pages it faulted in over the last two. With `keep`, keepFreedMemory runs first.
 * The collector runs single-threaded, so each `gc()` has freed the buffer before the next one is
 * made: on a busy machine a background sweeper freed it late and the count measured the machine.
 */
function refaults(keep: boolean): number {
  const script = `
    import { readFileSync } from 'node:fs';
    import { setTimeout } from 'node:timers/promises';
    import { keepFreedMemory } from ${JSON.stringify(new URL('./keepFreedMemory.ts', import.meta.url).pathname)};
    const faults = () => Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[7]);
    if (${keep}) keepFreedMemory();
    gc();
    let refaulted = 0;
    for (let round = 0; round < 4; round++) {
      const before = faults();
      Buffer.allocUnsafeSlow(20 << 20).fill(1);
      gc();
      await setTimeout(20);
      if (round >= 2) refaulted += faults() - before;
    }
    console.log(refaulted);`;
  const out = execFileSync(process.execPath, ['--expose-gc', '--single-threaded-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
  return Number(out.trim());
}

describe.runIf(process.platform === 'linux' && glibc)('keepFreedMemory', () => {
  it('keeps freed memory for the next buffers instead of faulting it in again', () => {
    // 40 MiB written in all: 10,240 pages faulted in when malloc gave them back, next to none when it kept them.
    expect(refaults(false)).toBeGreaterThan(8000);
    expect(refaults(true)).toBeLessThan(1000);
  });
});
