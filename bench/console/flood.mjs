// A program that floods its stdout: `flood.mjs <lines>` writes that many log-like lines as fast as
// the pipe takes them, then exits; `flood.mjs paced <lines>` writes one line per millisecond,
// each carrying its write time (epoch ms, sub-millisecond) for latency measurements.
const [mode, count] = process.argv[2] === 'paced' ? ['paced', Number(process.argv[3])] : ['flood', Number(process.argv[2])];
const now = () => performance.timeOrigin + performance.now();

if (mode === 'flood') {
  let i = 0;
  const block = () => {
    let out = '';
    for (let n = 0; n < 1000 && i < count; n++, i++) out += `[12:00:00 INFO]: Preparing spawn area: line ${String(i).padStart(7, '0')}\n`;
    return out;
  };
  const pump = () => {
    while (i < count) {
      if (!process.stdout.write(block())) return void process.stdout.once('drain', pump);
    }
  };
  pump();
} else {
  let i = 0;
  const timer = setInterval(() => {
    process.stdout.write(`t=${now().toFixed(3)} line ${i}\n`);
    if (++i >= count) clearInterval(timer);
  }, 1);
}
