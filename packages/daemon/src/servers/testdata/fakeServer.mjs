// A stand-in game server for tests: prints a banner, answers commands on stdin.
//   echo <text>   prints "echo: <text>"
//   stop          prints "stopping" and exits 0
//   crash         exits with code 3
//   spawn [setsid] starts a grandchild that sleeps (in a session of its own with setsid), prints "grandchild <pid>"
//   flood <n>     prints n numbered lines
//   hang          ignores SIGTERM from now on
//   busy <ms>     keeps one core busy for that long
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

console.log(`ready ${process.pid} ${process.argv.slice(2).join(' ')}`.trim());
if (process.env.FAKE_EXIT) process.exit(Number(process.env.FAKE_EXIT));
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, ...rest] = line.trim().split(' ');
  if (cmd === 'echo') console.log(`echo: ${rest.join(' ')}`);
  else if (cmd === 'stop') {
    console.log('stopping');
    process.exit(0);
  } else if (cmd === 'crash') process.exit(3);
  else if (cmd === 'spawn') {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: rest[0] === 'setsid' });
    console.log(`grandchild ${child.pid}`);
  } else if (cmd === 'flood') {
    const n = Number(rest[0] ?? 1000);
    let out = '';
    for (let i = 0; i < n; i++) out += `line ${i}\n`;
    process.stdout.write(out);
  } else if (cmd === 'busy') {
    const until = Date.now() + Number(rest[0] ?? 1000);
    while (Date.now() < until);
    console.log('idle');
  } else if (cmd === 'hang') {
    process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
    console.log('hanging');
  }
});
