import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ServerConnection, type ConnectionEvent, type ConnectionSnapshot } from './ServerConnection';

/** Opens a server's live connection for as long as the calling component is mounted. */
export function useServerConnection(serverId: string): ServerConnection {
  const [connection] = useState(() => new ServerConnection(serverId));
  useEffect(() => {
    connection.open();
    return () => connection.close();
  }, [connection]);
  return connection;
}

export const ServerConnectionContext = createContext<ServerConnection | null>(null);

/** The live connection of the server page this component sits in. */
export function useConnection(): ServerConnection {
  const connection = useContext(ServerConnectionContext);
  if (!connection) throw new Error('useConnection outside a server page');
  return connection;
}

/** Re-renders on connection state and running changes. */
export function useConnectionSnapshot(connection: ServerConnection): ConnectionSnapshot {
  // The page drawn ahead, and the render that takes it over, see the connection before it opens.
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
}

/** Calls `listener` for every event of the given type while mounted. */
export function useConnectionEvent<T extends ConnectionEvent['type']>(
  connection: ServerConnection,
  type: T,
  listener: (data: Extract<ConnectionEvent, { type: T }>['data']) => void,
): void {
  const ref = useRef(listener);
  useLayoutEffect(() => {
    ref.current = listener;
  });
  useEffect(
    () =>
      connection.onEvent((event) => {
        if (event.type === type) (ref.current as (data: unknown) => void)(event.data);
      }),
    [connection, type],
  );
}
