import { dirname } from 'node:path';
import type { Scope } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { PanelConfig } from '../config.js';
import { createUser } from '../services/createUser.js';
import { startSession } from '../services/startSession.js';
import { createTestDatabase } from './testDatabase.js';

export interface TestApp {
  app: FastifyInstance;
  config: PanelConfig;
  close(): Promise<void>;
}

/** A panel on a fresh SQLite file in a temp folder, with no web app unless one is given. */
export async function createTestApp(overrides: Partial<PanelConfig> & { webDist?: string; notificationClock?: () => number } = {}): Promise<TestApp> {
  const database = await createTestDatabase('sqlite');
  const { webDist, notificationClock, ...rest } = overrides;
  const config: PanelConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dirname(database.config.url),
    db: database.config,
    sftpPort: 0, // any free port: test files run in parallel
    admin: { username: 'admin' },
    sessionMinutes: 60,
    ...rest,
  };
  const app = await buildApp({ config, webDist: webDist ?? '/nonexistent-web-dist', notificationClock });
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  /** Headers that sign a request in as this user. */
  headers: { authorization: string };
}

/** A user holding the given panel scopes, already signed in. */
export async function createSignedInUser(app: FastifyInstance, scopes: Scope[] = []): Promise<TestUser> {
  counter += 1;
  const username = `user_${process.pid}_${counter}`;
  const email = `${username}@example.com`;
  const password = 'correct horse battery';
  const { repo, config } = app.panel;
  const id = await createUser(repo, { username, email, password, scopes });
  const { token } = await startSession(repo, id, config.sessionMinutes * 60_000);
  return { id, username, email, password, token, headers: { authorization: `Bearer ${token}` } };
}
