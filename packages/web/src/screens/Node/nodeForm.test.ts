import { describe, expect, it } from 'vitest';
import { blankNode, checkNodeForm, nodeFormOf } from './nodeForm';

describe('node form', () => {
  const filled = { ...blankNode, name: ' Berlin ', publicHost: 'node1.example.com' };

  it('sends no private address when it is left blank, and one when given', () => {
    expect(checkNodeForm(filled).request).toEqual({ name: 'Berlin', publicHost: 'node1.example.com', publicPort: 8443, sftpPort: 5657 });
    expect(checkNodeForm({ ...filled, privateHost: '10.0.0.2', privatePort: 9000 }).request).toMatchObject({ privateHost: '10.0.0.2', privatePort: 9000 });
  });

  it('names each missing field and each port outside 1-65535', () => {
    expect(checkNodeForm(blankNode).problems).toEqual({ name: 'required', publicHost: 'required' });
    expect(checkNodeForm({ ...filled, publicPort: '', sftpPort: 70000, privatePort: 0 }).problems).toEqual({ publicPort: 'required', sftpPort: 'port', privatePort: 'port' });
  });

  it('shows a node without a private address with the private fields blank', () => {
    const node = { id: 2, name: 'n', publicHost: 'h', publicPort: 8443, privateHost: '', privatePort: 8443, sftpPort: 5657, isLocal: false, online: true, version: '0.1.0', servers: 0, backups: { type: 'local' as const }, backupStorage: null };
    expect(nodeFormOf(node)).toMatchObject({ privateHost: '', privatePort: '' });
    expect(nodeFormOf({ ...node, privatePort: 9000 })).toMatchObject({ privatePort: 9000 });
  });
});
