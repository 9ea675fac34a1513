/**
 * localStorage in the browser; in the panel's first-screen render, which has none, a store in
 * memory (empty unless the render puts something in it, as the session store does).
 */
export const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = typeof localStorage === 'undefined' ? memoryStorage() : localStorage;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}
