import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with no file and no variables: port 8080, SQLite in ./data, SFTP 5657, 60-minute sessions, 90 days of activity', () => {
    expect(loadConfig({}, dir)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: join(dir, 'data'),
      db: { dialect: 'sqlite', url: join(dir, 'data', 'outpost.db') },
      sftpPort: 5657,
      admin: { email: undefined, password: undefined, username: 'admin' },
      sessionMinutes: 60,
      trustProxy: false,
      activityDays: 90,
      activityLog: true,
      localNode: true,
      drainSeconds: 0,
    });
  });

  it('runs a panel-only instance on PostgreSQL, draining 5 seconds when it stops unless told otherwise', () => {
    const postgres = { OUTPOST_DB_DIALECT: 'postgres', OUTPOST_DB_URL: 'postgres://db/outpost' };
    expect(loadConfig({ ...postgres, OUTPOST_LOCAL_NODE: 'false' }, dir)).toMatchObject({ localNode: false, drainSeconds: 5 });
    expect(loadConfig({ ...postgres, OUTPOST_LOCAL_NODE: 'off', OUTPOST_DRAIN_SECONDS: '0' }, dir).drainSeconds).toBe(0);
    writeFileSync(join(dir, 'outpost.json'), JSON.stringify({ localNode: false, drainSeconds: 12, db: { dialect: 'postgres', url: 'postgres://db/outpost' } }));
    expect(loadConfig({}, dir)).toMatchObject({ localNode: false, drainSeconds: 12 });
    expect(loadConfig({ OUTPOST_LOCAL_NODE: 'on' }, dir).localNode).toBe(true);
    expect(() => loadConfig({ ...postgres, OUTPOST_LOCAL_NODE: 'maybe' }, dir)).toThrow(/OUTPOST_LOCAL_NODE/);
    expect(() => loadConfig({ ...postgres, OUTPOST_DRAIN_SECONDS: 'soon' }, dir)).toThrow(/OUTPOST_DRAIN_SECONDS/);
  });

  it('refuses a panel-only instance on SQLite or MySQL, saying what to set and why', () => {
    const refusal = /OUTPOST_LOCAL_NODE=false .* needs OUTPOST_DB_DIALECT=postgres .* several panels share .* through PostgreSQL/;
    expect(() => loadConfig({ OUTPOST_LOCAL_NODE: 'false' }, dir)).toThrow(refusal);
    expect(() => loadConfig({ OUTPOST_LOCAL_NODE: 'false', OUTPOST_DB_DIALECT: 'mysql', OUTPOST_DB_URL: 'mysql://db/outpost' }, dir)).toThrow(refusal);
  });

  it('stores activity unless told off, and refuses a word that is neither', () => {
    expect(loadConfig({ OUTPOST_ACTIVITY_LOG: 'off' }, dir).activityLog).toBe(false);
    writeFileSync(join(dir, 'outpost.json'), '{"activityLog": false}');
    expect(loadConfig({}, dir).activityLog).toBe(false);
    expect(loadConfig({ OUTPOST_ACTIVITY_LOG: 'on' }, dir).activityLog).toBe(true);
    expect(() => loadConfig({ OUTPOST_ACTIVITY_LOG: 'sometimes' }, dir)).toThrow(/OUTPOST_ACTIVITY_LOG/);
  });

  it('keeps activity 90 days unless told otherwise, 0 for ever', () => {
    expect(loadConfig({ OUTPOST_ACTIVITY_DAYS: '0' }, dir).activityDays).toBe(0);
    writeFileSync(join(dir, 'outpost.json'), '{"activityDays": 30}');
    expect(loadConfig({}, dir).activityDays).toBe(30);
    expect(() => loadConfig({ OUTPOST_ACTIVITY_DAYS: 'many' }, dir)).toThrow(/OUTPOST_ACTIVITY_DAYS/);
  });

  it('reads trustProxy as a flag or a list of proxy addresses', () => {
    expect(loadConfig({ OUTPOST_TRUST_PROXY: 'true' }, dir).trustProxy).toBe(true);
    expect(loadConfig({ OUTPOST_TRUST_PROXY: '0' }, dir).trustProxy).toBe(false);
    expect(loadConfig({ OUTPOST_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, dir).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    writeFileSync(join(dir, 'outpost.json'), '{"trustProxy": true}');
    expect(loadConfig({}, dir).trustProxy).toBe(true);
  });

  it('reads outpost.json, and each environment variable overrides its key', () => {
    writeFileSync(join(dir, 'outpost.json'), JSON.stringify({ port: 9000, dataDir: 'state', db: { dialect: 'postgres', url: 'postgres://db/outpost' }, admin: { username: 'root_user' } }));
    const config = loadConfig({ OUTPOST_PORT: '0', OUTPOST_ADMIN_EMAIL: 'a@example.com' }, dir);
    expect(config.port).toBe(0);
    expect(config.dataDir).toBe(join(dir, 'state'));
    expect(config.db).toEqual({ dialect: 'postgres', url: 'postgres://db/outpost' });
    expect(config.admin).toMatchObject({ email: 'a@example.com', username: 'root_user' });
  });

  it('reads the file named by OUTPOST_CONFIG and says so when it is missing or broken', () => {
    writeFileSync(join(dir, 'other.json'), '{"sftpPort": 2022}');
    expect(loadConfig({ OUTPOST_CONFIG: 'other.json' }, dir).sftpPort).toBe(2022);
    expect(() => loadConfig({ OUTPOST_CONFIG: 'missing.json' }, dir)).toThrow(/does not exist/);
    writeFileSync(join(dir, 'outpost.json'), '{nope');
    expect(() => loadConfig({}, dir)).toThrow(/not valid JSON/);
  });

  it('refuses an unknown dialect and a port that is not a number', () => {
    expect(() => loadConfig({ OUTPOST_DB_DIALECT: 'oracle' }, dir)).toThrow(/OUTPOST_DB_DIALECT/);
    expect(() => loadConfig({ OUTPOST_PORT: 'eighty' }, dir)).toThrow(/OUTPOST_PORT/);
  });

  it('trusts no proxy unless told: true/false, or a list of proxy addresses, from the file or OUTPOST_TRUST_PROXY', () => {
    expect(loadConfig({}, dir).trustProxy).toBe(false);
    expect(loadConfig({ OUTPOST_TRUST_PROXY: 'true' }, dir).trustProxy).toBe(true);
    expect(loadConfig({ OUTPOST_TRUST_PROXY: '0' }, dir).trustProxy).toBe(false);
    expect(loadConfig({ OUTPOST_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }, dir).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    writeFileSync(join(dir, 'outpost.json'), JSON.stringify({ trustProxy: ['127.0.0.1'] }));
    expect(loadConfig({}, dir).trustProxy).toEqual(['127.0.0.1']);
    writeFileSync(join(dir, 'outpost.json'), JSON.stringify({ trustProxy: 3 }));
    expect(() => loadConfig({}, dir)).toThrow(/OUTPOST_TRUST_PROXY/);
  });
});
