import { describe, expect, it } from 'vitest';
import { countLines, markLines } from './consoleText';

describe('console text', () => {
  it('marks lines that start with [DAEMON]', () => {
    const marked = markLines('[DAEMON] Installing\nplain\n[DAEMON] Done\n', true);
    // eslint-disable-next-line no-control-regex -- the marker ends with an ANSI reset (ESC [0m)
    expect(marked.match(/DAEMON \x1b\[0m/g)).toHaveLength(2);
    expect(marked).not.toContain('[DAEMON]');
    expect(marked).toContain('plain\n');
  });

  it('leaves [DAEMON] alone in the middle of a line split across chunks', () => {
    expect(markLines('[DAEMON] x', false)).toBe('[DAEMON] x');
  });

  it('shows an echoed command as input, naming the sender only to others', () => {
    const echo = '[INPUT alice] say hi\nplain\n';
    // eslint-disable-next-line no-control-regex -- strip the styling to read what the viewer sees
    const shown = (self?: string) => markLines(echo, true, self).replace(/\x1b\[[\d;]*m/g, '');
    expect(shown('bob')).toBe('> say hi \u00b7 alice\nplain\n');
    expect(shown('alice')).toBe('> say hi\nplain\n');
    expect(shown()).toBe('> say hi \u00b7 alice\nplain\n');
    expect(markLines('[INPUT] list\n', true)).toContain('> list');
    expect(markLines('[INPUT alice] x', false)).toBe('[INPUT alice] x');
  });

  it('counts lines for the paused badge', () => {
    expect(countLines('a\nb\nc')).toBe(2);
    expect(countLines('')).toBe(0);
  });
});
