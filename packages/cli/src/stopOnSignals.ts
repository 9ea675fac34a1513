/**
 * Stops cleanly on the first SIGINT or SIGTERM, then exits (1 when stopping failed). Call it before
 * anything starts a server and hand the stop over once it can run: a signal during start-up then
 * waits for it, instead of ending the process by default with its servers' programs left running.
 */
export function stopOnSignals(what: string): (stop: () => Promise<void>) => void {
  let received: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  const run = async () => {
    console.log(`${received} received, stopping ${what}`);
    try {
      await stop!();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  const onSignal = (signal: string) => {
    if (received) return;
    received = signal;
    if (stop) void run();
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  return (ready) => {
    stop = ready;
    if (received) void run();
  };
}
