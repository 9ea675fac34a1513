import { describe, expect, it } from 'vitest';
import { droppedFiles } from './uploadRules';

const entry = (isDirectory: boolean) => ({ webkitGetAsEntry: () => ({ isDirectory }) });
const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')];

describe('droppedFiles', () => {
  it('uploads every dropped file', () => {
    expect(droppedFiles({ items: [entry(false), entry(false)], files })).toEqual({ files });
  });

  it('refuses the whole drop when it holds a folder, sending none of its files', () => {
    expect(droppedFiles({ items: [entry(false), entry(true)], files })).toEqual({ error: 'ErrDirectoryUploadNotSupported' });
  });

  it('takes items the browser cannot describe as files', () => {
    expect(droppedFiles({ items: [{}, { webkitGetAsEntry: () => null }], files })).toEqual({ files });
  });
});
