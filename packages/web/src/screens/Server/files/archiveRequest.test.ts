import { describe, expect, it } from 'vitest';
import { archiveRequest } from './archiveRequest';

describe('archiveRequest', () => {
  it('archives the selection into a zip named after the folder', () => {
    expect(archiveRequest('/plugins', ['a.jar', 'b.jar', 'config'], ['a.jar'])).toEqual({ target: '/plugins/plugins.zip', sources: ['/plugins/a.jar'] });
  });

  it('archives the whole folder when nothing is selected, never over an archive that exists', () => {
    expect(archiveRequest('/', ['server.zip', 'world'], [])).toEqual({ target: '/server (2).zip', sources: ['/server.zip', '/world'] });
  });

  it('sends nothing for an empty folder', () => {
    expect(archiveRequest('/empty', [], [])).toBeNull();
  });
});
