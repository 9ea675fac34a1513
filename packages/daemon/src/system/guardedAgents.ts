import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import type { OutboundGuard } from './outboundGuard.js';

type Created = (error: Error | null, socket: Duplex) => void;

/**
 * node:http agents whose every connection goes through the private-address guard: the host is
 * resolved and checked once, and the checked address is the one dialled (TLS still checks the
 * certificate against the name). For clients built on node:http rather than fetch, such as the
 * AWS SDK's S3 client. An IP literal is checked too: Node would not ask a lookup function for it.
 */
export function guardedAgents(guard: OutboundGuard): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  return { httpAgent: new GuardedHttpAgent(guard), httpsAgent: new GuardedHttpsAgent(guard) };
}

class GuardedHttpAgent extends http.Agent {
  constructor(private readonly guard: OutboundGuard) {
    super({ keepAlive: true });
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Created): null {
    return dialChecked(this.guard, options, callback, (checked) => super.createConnection(checked));
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(private readonly guard: OutboundGuard) {
    super({ keepAlive: true });
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Created): null {
    return dialChecked(this.guard, options, callback, (checked) => super.createConnection(checked));
  }
}

/** Node's agents take a socket made later through the callback when createConnection answers none. */
function dialChecked(guard: OutboundGuard, options: http.ClientRequestArgs, callback: Created | undefined, dial: (options: http.ClientRequestArgs) => Duplex | null | undefined): null {
  guard.pin(String(options.host ?? options.hostname ?? 'localhost')).then(
    (address) => {
      const socket = dial({ ...options, host: address, hostname: address });
      if (socket) callback?.(null, socket);
      else callback?.(new Error(`could not connect to ${address}`), undefined as never);
    },
    (error: Error) => callback?.(error, undefined as never),
  );
  return null;
}
