import { describe, expect, it } from 'vitest';
import { nextListing, upFrom } from './folderListing';

const entry = (name: string) => ({ name, isFile: true, size: 1, modifyTime: 0 });

describe('nextListing', () => {
  it('shows a listing that arrived', () => {
    const answer = { path: '/b', files: [entry('y')] };
    expect(nextListing({ path: '/a', files: [entry('x')] }, answer)).toBe(answer);
  });

  it('keeps the files of the folder shown when refreshing it failed, with the error', () => {
    expect(nextListing({ path: '/a', files: [entry('x')] }, { path: '/a', files: [], error: 'ErrNoPermission' })).toEqual({ path: '/a', files: [entry('x')], error: 'ErrNoPermission' });
  });

  it('shows an empty folder with the error when opening another folder failed', () => {
    expect(nextListing({ path: '/a', files: [entry('x')] }, { path: '/b', files: [], error: 'ErrNotFound' })).toEqual({ path: '/b', files: [], error: 'ErrNotFound' });
    expect(nextListing(null, { path: '/', files: [], error: 'ErrNotFound' }).files).toEqual([]);
  });
});

describe('upFrom', () => {
  it('climbs one folder, and has nowhere to go from the root', () => {
    expect(upFrom('/a/b')).toBe('/a');
    expect(upFrom('/a/')).toBe('/');
    expect(upFrom('/')).toBeNull();
    expect(upFrom('')).toBeNull();
  });
});
