/** The list with the item at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** What an item overlay is editing: a copy of an item (applied only on Save), or a new one (added only on Save). */
export interface Overlay<T> {
  /** Index in the list, or null for a new item. */
  index: number | null;
  draft: T;
}

/** The list after Save in an overlay: the edited item replaced, or the new one appended. */
export function applyOverlay<T>(list: readonly T[], overlay: Overlay<T>): T[] {
  if (overlay.index === null) return [...list, overlay.draft];
  return list.map((item, at) => (at === overlay.index ? overlay.draft : item));
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, at) => at !== index);
}
