import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutpostError } from '@outpost/shared';
import type { Step } from '@outpost/shared';
import { makeJailFixture, OutsideText, raceWhileSwapping, type JailFixture } from '../files/jailTestKit.js';
import { ServerFiles } from '../files/ServerFiles.js';
import type { OperationContext } from './OperationContext.js';
import { runOperations } from './runOperations.js';

const ServerUid = 61234;
const asRoot = process.getuid?.() === 0;

let fixture: JailFixture | undefined;
let files: ServerFiles | undefined;
afterEach(async () => {
  files?.close();
  await fixture?.cleanup();
  fixture = files = undefined;
});

function contextFor(root: string, serverFiles: ServerFiles): OperationContext {
  return {
    serverId: 'ab12cd34',
    root,
    files: serverFiles,
    variables: { serverId: 'ab12cd34', rootDir: root },
    log: () => {},
    exec: () => Promise.resolve(0),
    signal: new AbortController().signal,
  };
}

describe('install steps racing a link swapped in and out of the folder', () => {
  for (const owner of asRoot ? [undefined, ServerUid] : [undefined]) {
    it(`write, alter, move and make folders only inside (${owner ? 'as the server user' : 'in-process'})`, async () => {
      fixture = await makeJailFixture(owner);
      files = new ServerFiles(fixture.root);
      const ctx = contextFor(fixture.root, files);
      const steps: Step[] = [
        { type: 'writefile', target: 'real/new.txt', text: 'written' },
        { type: 'alterfile', file: 'real/data.txt', search: 'SECRET', replace: 'PWNED' },
        { type: 'alterfile', file: 'plain.txt', search: 'SECRET', replace: 'PWNED' },
        { type: 'move', source: 'real/new.txt', target: 'real/moved.txt' },
        { type: 'mkdir', target: 'real/folder/below' },
        { type: 'writefile', target: '${rootDir}/real/data.txt', text: 'inside' },
      ];
      await raceWhileSwapping(fixture, owner, async (round) => {
        await runOperations([steps[round % steps.length]!], ctx).catch((error: unknown) => {
          // A refused step fails the run with ErrOperationFailed; its cause says why.
          if (error instanceof OutpostError && error.code === 'ErrOperationFailed') throw new OutpostError('ErrGeneric', error.message, undefined, 400);
          throw error;
        });
      });
      expect(await readFile(join(fixture.outside, 'data.txt'), 'utf8')).toBe(OutsideText);
    });
  }
});
