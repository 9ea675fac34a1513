import { describe, expect, it } from 'vitest';
import { OutpostError, Scopes } from '@outpost/shared';
import { panelCaller, requirePanelCaller } from './requirePanelCaller.js';

describe('requirePanelCaller', () => {
  it("lets the panel's own full-node caller through", () => {
    expect(() => requirePanelCaller(panelCaller)).not.toThrow();
  });

  it("refuses a user's token, even an administrator's, and the panel's narrower ones", () => {
    for (const caller of [
      { user: '1', scopes: [Scopes.ServersAdmin] },
      { user: 'panel', scopes: [Scopes.ServerView, Scopes.ServerStat] },
      { user: 'panel', scopes: [] },
    ]) {
      const error = (() => {
        try {
          requirePanelCaller(caller);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(OutpostError);
      expect((error as OutpostError).status).toBe(403);
    }
  });
});
