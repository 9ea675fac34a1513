import { useEffect, useState, type CSSProperties, type RefObject } from 'react';

export interface HiddenEnds {
  /** More of the row lies before its start (left, or right in Arabic and Hebrew). */
  start: boolean;
  end: boolean;
}

/** Which ends of a row that scrolls sideways hide more of it, kept up to date on scrolls and resizes. */
export function useHiddenEnds(ref: RefObject<HTMLElement | null>): HiddenEnds {
  const [ends, setEnds] = useState<HiddenEnds>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      // scrollLeft counts down from 0 in a right-to-left row.
      const scrolled = Math.abs(row.scrollLeft);
      const next = { start: scrolled > 1, end: row.scrollWidth - row.clientWidth - scrolled > 1 };
      setEnds((last) => (last.start === next.start && last.end === next.end ? last : next));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return ends;
}

/** Fades the ends that hide more, so the reader sees the row goes on. */
export function fadeHiddenEnds({ start, end }: HiddenEnds, rtl: boolean): CSSProperties {
  if (!start && !end) return {};
  const [left, right] = rtl ? [end, start] : [start, end];
  const mask = `linear-gradient(to right, ${left ? 'transparent' : 'black'}, black 40px, black calc(100% - 40px), ${right ? 'transparent' : 'black'})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}
