import { Scopes, type Scope } from '@outpost/shared';

/** The scope a live-connection message needs before it is forwarded to the node; undefined refuses it. */
export function socketPermission(message: { type?: unknown; data?: unknown }): Scope | undefined {
  switch (message.type) {
    case 'start':
    case 'restart':
      return Scopes.ServersStart;
    case 'stop':
    case 'kill':
      return Scopes.ServersStop;
    case 'install':
      return Scopes.ServersInstall;
    case 'console':
      return Scopes.ServersConsoleSend;
    case 'replay':
      return Scopes.ServersConsole;
    case 'stat':
      return Scopes.ServersStat;
    case 'status':
      return Scopes.ServersView;
    case 'file': {
      const action = (message.data as { action?: unknown } | null)?.action;
      if (action === 'get') return Scopes.ServersFilesGet;
      if (action === 'create' || action === 'delete') return Scopes.ServersFilesPut;
      return undefined;
    }
    default:
      return undefined;
  }
}
