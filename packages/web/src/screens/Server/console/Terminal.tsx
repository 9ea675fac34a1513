import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Box, Button } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal as XTerm } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useTranslation } from '../../../translation/useTranslation';
import { CONSOLE_LIMIT, CONSOLE_TRIM_TO, countLines, markLines, REDRAW_MS } from './consoleText';

export interface TerminalHandle {
  /** Adds console text; answers how many lines it held. */
  append(text: string): number;
  /** While paused text is kept but not drawn; resuming draws it. */
  setPaused(paused: boolean): void;
  /** Empties the view (the server's log stays as it is). */
  clear(): void;
  /** The text shown, as plain lines (no colours), for the clipboard. */
  text(): string;
}

/**
 * The xterm.js view of the console (ANSI colours kept). It holds the text itself so the
 * spec's buffer limit applies, and draws at most every 500 ms so a flood cannot freeze the page.
 * `self` is the viewer's name: their own commands are echoed without it. Scrolled up, the view
 * stays put as lines come and offers a button back to the end.
 */
export function Terminal({ ref, self }: { ref: Ref<TerminalHandle>; self?: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const state = useRef({ buffer: '', pending: '', paused: false, atLineStart: true, lastDraw: 0, timer: undefined as number | undefined, redrawAll: false });
  const term = useRef<XTerm | null>(null);
  const viewer = useRef(self);
  viewer.current = self;
  // Lines came while the view was scrolled up from the end.
  const [behind, setBehind] = useState(false);

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
    const atEnd = () => xterm.buffer.active.viewportY >= xterm.buffer.active.baseY;
    const scrolled = xterm.onScroll(() => {
      if (atEnd()) setBehind(false);
    });
    const written = xterm.onWriteParsed(() => {
      if (!atEnd()) setBehind(true);
    });
    return () => {
      scrolled.dispose();
      written.dispose();
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
        const marked = markLines(text, s.atLineStart, viewer.current);
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
      clear() {
        s.buffer = '';
        s.pending = '';
        s.redrawAll = false;
        term.current?.reset();
        setBehind(false);
      },
      text() {
        const xterm = term.current;
        if (!xterm) return '';
        const buffer = xterm.buffer.active;
        const lines: string[] = [];
        for (let y = 0; y < buffer.length; y++) {
          const line = buffer.getLine(y);
          if (!line) continue;
          // A long line wraps over rows: they join back into the one line it was (untrimmed where it wraps).
          const part = line.translateToString(!buffer.getLine(y + 1)?.isWrapped);
          if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += part;
          else lines.push(part);
        }
        while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
        return lines.join('\n');
      },
    };
  }, []);

  const jumpToEnd = () => {
    term.current?.scrollToBottom();
    setBehind(false);
  };

  return (
    <Box pos="relative">
      <Box ref={host} h="60vh" mih={320} style={{ borderRadius: 6, overflow: 'hidden', background: '#16181d', padding: 6 }} data-testid="console-terminal" />
      {behind && (
        <Button
          size="xs"
          radius="xl"
          leftSection={<IconArrowDown size={14} />}
          onClick={jumpToEnd}
          pos="absolute"
          bottom={16}
          right={24}
          style={{ zIndex: 5 }}
          data-testid="console-jump"
        >
          {t('console.jumpToEnd')}
        </Button>
      )}
    </Box>
  );
}
