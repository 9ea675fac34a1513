import { describe, expect, it } from 'vitest';
import { crumbsOf } from './backupFolders';

describe('the backup browser path', () => {
  it('shows each folder from the top down to the one open, each leading back to itself', () => {
    expect(crumbsOf('/')).toEqual([]);
    expect(crumbsOf('/world/region/')).toEqual([
      { name: 'world', path: '/world' },
      { name: 'region', path: '/world/region' },
    ]);
  });
});
