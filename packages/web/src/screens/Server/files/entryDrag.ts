/** The drag type of file rows moved within the file manager; a drag from the desktop carries "Files" instead. */
export const EntryDragType = 'application/x-outpost-entries';

/** The names a row drag carries: the whole selection when the dragged row is in it, else that row alone. */
export function draggedNames(name: string, selected: readonly string[]): string[] {
  return selected.includes(name) ? [...selected] : [name];
}

/** Whether a drag is of file rows (so a folder or breadcrumb may take it). */
export const isEntryDrag = (transfer: DataTransfer | null) => !!transfer && Array.from(transfer.types).includes(EntryDragType);

/** The names a dropped row drag carries; none for anything else. */
export function droppedNames(transfer: DataTransfer): string[] {
  try {
    const names: unknown = JSON.parse(transfer.getData(EntryDragType) || '[]');
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
