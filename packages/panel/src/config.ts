import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type DbDialect = 'sqlite' | 'postgres' | 'mysql';

/** Everything the panel reads at start; see loadConfig for where each value comes from. */
export interface PanelConfig {
  port: number;
  host: string;
  dataDir: string;
  db: { dialect: DbDialect; url: string };
  sftpPort: number;
  admin: { email?: string; password?: string; username: string };
  sessionMinutes: number;
  /**
   * Whether to believe X-Forwarded-For: false (default, the socket's address is the client), true
   * (every hop is a trusted proxy), or the addresses/CIDR ranges of the trusted proxies. Login limits
   * count per client address, so behind a reverse proxy this must name it.
   */
  trustProxy?: boolean | string[];
  /** Days the activity log keeps an entry (default 90); 0 keeps them for ever. */
  activityDays?: number;
  /** Whether events are stored in the activity log (default true); off, webhooks and mail still get them. */
  activityLog?: boolean;
  /**
   * Whether `outpost run` runs the local node's daemon in its own process (default true). Off, it is
   * a panel-only instance: every node is a remote daemon, and several such instances behind a load
   * balancer share one PostgreSQL database (deploy/README.md).
   */
  localNode?: boolean;
  /**
   * Seconds a stopping instance goes on serving after GET /health turns 503, so the load balancer
   * stops sending it requests before its sockets close: 5 for a panel-only instance, 0 with the
   * local node (one instance, nowhere to send them).
   */
  drainSeconds?: number;
}

/** The shape of outpost.json: every key optional, the same names as PanelConfig. */
type ConfigFile = Partial<Omit<PanelConfig, 'db' | 'admin'>> & {
  db?: Partial<PanelConfig['db']>;
  admin?: Partial<PanelConfig['admin']>;
};

/** Environment variables that override the file, one per key. */
export const ConfigEnv = {
  file: 'OUTPOST_CONFIG',
  port: 'OUTPOST_PORT',
  host: 'OUTPOST_HOST',
  dataDir: 'OUTPOST_DATA_DIR',
  dbDialect: 'OUTPOST_DB_DIALECT',
  dbUrl: 'OUTPOST_DB_URL',
  sftpPort: 'OUTPOST_SFTP_PORT',
  adminEmail: 'OUTPOST_ADMIN_EMAIL',
  adminPassword: 'OUTPOST_ADMIN_PASSWORD',
  adminUsername: 'OUTPOST_ADMIN_USERNAME',
  sessionMinutes: 'OUTPOST_SESSION_MINUTES',
  trustProxy: 'OUTPOST_TRUST_PROXY',
  activityDays: 'OUTPOST_ACTIVITY_DAYS',
  activityLog: 'OUTPOST_ACTIVITY_LOG',
  localNode: 'OUTPOST_LOCAL_NODE',
  drainSeconds: 'OUTPOST_DRAIN_SECONDS',
} as const;

const dialects: readonly DbDialect[] = ['sqlite', 'postgres', 'mysql'];

function toInt(name: string, value: string | number | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** on/off (true/false, 1/0) from a variable, or a boolean from the file. */
function toSwitch(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (['on', 'true', '1'].includes(word)) return true;
  if (['off', 'false', '0'].includes(word)) return false;
  throw new Error(`${name} must be on or off, got ${JSON.stringify(value)}`);
}

/** "true"/"false" (or 1/0), or a comma-separated list of proxy addresses; a file may give a boolean or a list. */
function toTrustProxy(value: unknown): boolean | string[] {
  if (value === undefined || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() !== '')) return value.map((v: string) => v.trim());
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === '1') return true;
    if (word === 'false' || word === '0') return false;
    const list = value.split(',').map((v) => v.trim()).filter(Boolean);
    if (list.length > 0) return list;
  }
  throw new Error(`${ConfigEnv.trustProxy} must be true, false or a list of proxy addresses, got ${JSON.stringify(value)}`);
}

/**
 * Reads outpost.json (or the file named by OUTPOST_CONFIG) from `cwd`, then lets each environment
 * variable override its key. With neither, the defaults run a panel on 8080 with SQLite in ./data.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): PanelConfig {
  const filePath = resolve(cwd, env[ConfigEnv.file] || 'outpost.json');
  let file: ConfigFile = {};
  if (existsSync(filePath)) {
    try {
      file = JSON.parse(readFileSync(filePath, 'utf8')) as ConfigFile;
    } catch (error) {
      throw new Error(`${filePath} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  } else if (env[ConfigEnv.file]) {
    throw new Error(`config file ${filePath} (from ${ConfigEnv.file}) does not exist`);
  }

  const dataDir = resolve(cwd, env[ConfigEnv.dataDir] || file.dataDir || './data');
  const dialect = (env[ConfigEnv.dbDialect] || file.db?.dialect || 'sqlite') as DbDialect;
  if (!dialects.includes(dialect)) throw new Error(`${ConfigEnv.dbDialect} must be one of ${dialects.join(', ')}`);
  const url = env[ConfigEnv.dbUrl] || file.db?.url || (dialect === 'sqlite' ? resolve(dataDir, 'outpost.db') : '');
  if (!url) throw new Error(`${ConfigEnv.dbUrl} is required for ${dialect}`);
  const localNode = toSwitch(ConfigEnv.localNode, env[ConfigEnv.localNode] ?? file.localNode, true);
  if (!localNode && dialect !== 'postgres') {
    throw new Error(
      `${ConfigEnv.localNode}=false (a panel-only instance) needs ${ConfigEnv.dbDialect}=postgres and ${ConfigEnv.dbUrl}: ` +
        `several panels share their sessions, limits and caches through PostgreSQL, which ${dialect} cannot do. ` +
        `For one panel on ${dialect}, leave ${ConfigEnv.localNode} on.`,
    );
  }

  return {
    port: toInt(ConfigEnv.port, env[ConfigEnv.port] ?? file.port, 8080),
    host: env[ConfigEnv.host] || file.host || '0.0.0.0',
    dataDir,
    db: { dialect, url: dialect === 'sqlite' ? resolve(cwd, url) : url },
    sftpPort: toInt(ConfigEnv.sftpPort, env[ConfigEnv.sftpPort] ?? file.sftpPort, 5657),
    admin: {
      email: env[ConfigEnv.adminEmail] || file.admin?.email,
      password: env[ConfigEnv.adminPassword] || file.admin?.password,
      username: env[ConfigEnv.adminUsername] || file.admin?.username || 'admin',
    },
    sessionMinutes: toInt(ConfigEnv.sessionMinutes, env[ConfigEnv.sessionMinutes] ?? file.sessionMinutes, 60) || 60,
    trustProxy: toTrustProxy(env[ConfigEnv.trustProxy] || file.trustProxy),
    activityDays: toInt(ConfigEnv.activityDays, env[ConfigEnv.activityDays] ?? file.activityDays, 90),
    activityLog: toSwitch(ConfigEnv.activityLog, env[ConfigEnv.activityLog] ?? file.activityLog, true),
    localNode,
    drainSeconds: toInt(ConfigEnv.drainSeconds, env[ConfigEnv.drainSeconds] ?? file.drainSeconds, localNode ? 0 : 5),
  };
}
