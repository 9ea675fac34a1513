import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveServer } from '@outpost/shared';
import { ServerListFeed } from './ServerListFeed';

/** The live state of the servers `ids` (the page shown), over one connection for the whole list. */
export function useServerListFeed(ids: string[]): ReadonlyMap<string, LiveServer> {
  const [feed] = useState(() => new ServerListFeed());
  useEffect(() => {
    feed.open();
    return () => feed.close();
  }, [feed]);
  const key = ids.join(',');
  useEffect(() => {
    feed.watch(key ? key.split(',') : []);
  }, [feed, key]);
  return useSyncExternalStore(
    (listener) => feed.subscribe(listener),
    () => feed.snapshot(),
    () => feed.snapshot(),
  );
}
