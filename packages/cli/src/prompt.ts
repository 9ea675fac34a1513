import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Asks one question on the terminal; `hidden` stops the answer from being echoed (passwords). */
export function ask(question: string, hidden = false): Promise<string> {
  const mute = hidden && process.stdin.isTTY;
  let muted = false;
  // readline echoes what is typed to its output: ours passes the question on, then nothing.
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: mute ? output : process.stdout, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (mute) process.stdout.write('\n');
      resolve(answer.trim());
    });
    // The question is written by now (synchronously); what follows is the typed answer.
    muted = mute;
  });
}
