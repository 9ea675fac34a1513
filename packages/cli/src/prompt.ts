import { createInterface } from 'node:readline';

/** Asks one question on the terminal; `hidden` stops the answer from being echoed (passwords). */
export function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    // Write the question once, then nothing of what is typed.
    output._writeToOutput = (text: string) => {
      if (!asked) process.stdout.write(text);
      asked = true;
    };
  }
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden && process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer.trim());
    });
  });
}
