import { useCallback, useEffect, useState } from 'react';
import type { FileListing } from '@outpost/shared';
import type { ServerConnection } from '../../../live/ServerConnection';
import { useConnectionEvent } from '../../../live/useServerConnection';
import { joinPath } from './fileKinds';
import { nextListing, upFrom } from './folderListing';

/**
 * The folder the file manager shows and the moves through it. Listings come over the live
 * connection (or its HTTP fallback), which also answers creates and deletes with the listing
 * of the folder they happened in. `wanted` is the folder to show (the address's); with `show`,
 * moving to another folder goes through it (a new address), which then changes `wanted`.
 */
export function useFolder(connection: ServerConnection, wanted = '/', show?: (path: string) => void) {
  const [listing, setListing] = useState<FileListing | null>(null);
  const [loading, setLoading] = useState(true);
  // Names ticked in the folder shown; every new listing starts with none.
  const [selected, setSelected] = useState<string[]>([]);
  const path = listing?.path ?? '/';

  const go = useCallback(
    (target: string) => {
      setLoading(true);
      connection.send({ type: 'file', data: { action: 'get', path: target } });
    },
    [connection],
  );
  useEffect(() => go(wanted), [go, wanted]);
  const goTo = show ?? go;
  useConnectionEvent(connection, 'file', (answer) => {
    setLoading(false);
    setSelected([]);
    setListing((shown) => nextListing(shown, answer));
  });

  const up = upFrom(path);
  return {
    listing,
    path,
    loading,
    selected,
    setSelected,
    /** Opens a folder of the one shown, by name. */
    open: (name: string) => goTo(joinPath(path, name)),
    /** Shows another folder, by its path. */
    goTo,
    /** Null at the root. */
    up: up === null ? null : () => goTo(up),
    refresh: () => go(path),
    createFolder: (name: string) => connection.send({ type: 'file', data: { action: 'create', path: joinPath(path, name) } }),
    remove: (name: string) => connection.send({ type: 'file', data: { action: 'delete', path: joinPath(path, name) } }),
  };
}
