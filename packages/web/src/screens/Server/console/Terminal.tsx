import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Box } from '@mantine/core';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal as XTerm } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { CONSOLE_LIMIT, CONSOLE_TRIM_TO, countLines, markDaemonLines, REDRAW_MS } from './consoleText';

export interface TerminalHandle {
  /** Adds console text; answers how many lines it held. */
  append(text: string): number;
  /** While paused text is kept but not drawn; resuming draws it. */
  setPaused(paused: boolean): void;
}

/**
 * The xterm.js view of the console (ANSI colours kept). It holds the text itself so the
 * spec's buffer limit applies, and draws at most every 500 ms so a flood cannot freeze the page.
 */
export function Terminal({ ref }: { ref: Ref<TerminalHandle> }) {
  const host = useRef<HTMLDivElement>(null);
  const state = useRef({ buffer: '', pending: '', paused: false, atLineStart: true, lastDraw: 0, timer: undefined as number | undefined, redrawAll: false });
  const term = useRef<XTerm | null>(null);

  useEffect(() => {
    const xterm = new XTerm({ convertEol: true, disableStdin: true, scrollback: 10_000, fontSize: 13, theme: { background: '#16181d' } });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(host.current!);
    fit.fit();
    term.current = xterm;
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(host.current!);
    const s = state.current;
    if (s.buffer) xterm.write(s.buffer);
    return () => {
      observer.disconnect();
      clearTimeout(s.timer);
      s.timer = undefined;
      xterm.dispose();
      term.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => {
    const s = state.current;
    const draw = () => {
      s.timer = undefined;
      s.lastDraw = Date.now();
      const xterm = term.current;
      if (!xterm || s.paused) return;
      if (s.redrawAll) {
        xterm.reset();
        xterm.write(s.buffer);
      } else if (s.pending) {
        xterm.write(s.pending);
      }
      s.pending = '';
      s.redrawAll = false;
    };
    const schedule = () => {
      if (s.timer !== undefined || s.paused) return;
      s.timer = window.setTimeout(draw, Math.max(0, REDRAW_MS - (Date.now() - s.lastDraw)));
    };
    return {
      append(text) {
        if (!text) return 0;
        const marked = markDaemonLines(text, s.atLineStart);
        s.atLineStart = text.endsWith('\n');
        s.buffer += marked;
        s.pending += marked;
        if (s.buffer.length > CONSOLE_LIMIT) {
          s.buffer = s.buffer.slice(-CONSOLE_TRIM_TO);
          s.redrawAll = true;
        }
        // Paused for long: what waits is more than the buffer keeps, so draw the buffer anew.
        if (s.pending.length > CONSOLE_TRIM_TO) {
          s.pending = '';
          s.redrawAll = true;
        }
        schedule();
        return countLines(text);
      },
      setPaused(paused) {
        s.paused = paused;
        if (!paused) schedule();
      },
    };
  }, []);

  return <Box ref={host} h="60vh" mih={320} style={{ borderRadius: 6, overflow: 'hidden', background: '#16181d', padding: 6 }} data-testid="console-terminal" />;
}
