import { describe, expect, it } from 'vitest';
import { serverPath, serverPlace } from './serverLocation';

describe('a server page address', () => {
  it('names the tab and the folder, each name encoded, and reads back the same', () => {
    const path = serverPath('ab12cd34', 'files', '/world/my maps/ü');
    expect(path).toBe('/server/ab12cd34/files/world/my%20maps/%C3%BC');
    expect(serverPlace(decodeURIComponent(path.slice('/server/ab12cd34/'.length)))).toEqual({ tab: 'files', folder: '/world/my maps/ü' });
  });

  it('is the bare server page without a tab, and the top folder without names', () => {
    expect(serverPlace(undefined)).toEqual({ tab: undefined, folder: '/' });
    expect(serverPlace('console')).toEqual({ tab: 'console', folder: '/' });
    expect(serverPath('ab12cd34', 'files')).toBe('/server/ab12cd34/files');
  });
});
