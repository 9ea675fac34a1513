import type { AddressInfo } from 'node:net';
import { Scopes, type LimitEnforcement } from '@outpost/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, type NodeTestApp } from '../../test/serverFixtures.js';

/**
 * What a node enforces of servers' limits (issue 30), as GET /api/nodes/{id} answers it over raw
 * HTTP: the node's own word from the health check, kept while the node is down. The real local node
 * answers; where the machine's cgroups would make its answer one case only, its word is set beside it.
 */
describe("a node's limits, at /api/nodes/{id}", () => {
  let t: NodeTestApp;
  let root: string;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    viewer = await createSignedInUser(t.app, [Scopes.NodesView]);
  });
  afterAll(() => t?.close());
  beforeEach(() => vi.restoreAllMocks());

  const shown = async () => {
    const res = await fetch(`${root}/api/nodes/${t.localNodeId}`, { headers: viewer.headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as { limits?: LimitEnforcement }).limits;
  };
  /** The node's answer with its limits said as given, the rest as the node says it. */
  const nodeSays = (limits: LimitEnforcement) => {
    const api = t.node.daemon.api;
    const real = api.nodeInfo.bind(api);
    vi.spyOn(api, 'nodeInfo').mockImplementation(async (caller) => ({ ...(await real(caller)), limits }));
  };
  const check = async () => t.app.panel.nodeHealth.check((await t.app.panel.repo.nodes.byId(t.localNodeId))!);

  it("shows the local node's own word: this machine's writable cgroups (as root) enforce memory, CPU and processes", async () => {
    await check();
    const own = await shown();
    expect(own).toMatchObject({ disk: true });
    if (process.getuid?.() === 0) expect(own).toEqual({ cgroup: expect.toBeOneOf(['v1', 'v2']), memory: true, cpu: true, processes: true, disk: true });
  });

  it('shows what the node says it enforces, and through which cgroup hierarchy', async () => {
    const v1 = { cgroup: 'v1', memory: true, cpu: true, processes: true, disk: true } as const;
    nodeSays(v1);
    await check();
    expect(await shown()).toEqual(v1);
  });

  it('shows a node that can enforce none (no writable cgroup) as such', async () => {
    const none = { cgroup: null, memory: false, cpu: false, processes: false, disk: true };
    nodeSays(none);
    await check();
    expect(await shown()).toEqual(none);
  });

  it("keeps the node's last word while it does not answer", async () => {
    const v2 = { cgroup: 'v2', memory: true, cpu: true, processes: true, disk: true } as const;
    nodeSays(v2);
    await check();
    vi.spyOn(t.node.daemon.api, 'nodeInfo').mockRejectedValue(new Error('down'));
    const state = await check();
    expect(state.online).toBe(false);
    expect(await shown()).toEqual(v2);
  });
});
