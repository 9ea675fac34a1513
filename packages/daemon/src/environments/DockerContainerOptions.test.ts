import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from '../files/ServerFiles.js';
import { buildContainerOptions, CONTAINER_ROOT, networkMode } from './DockerContainerOptions.js';

describe('docker container options', () => {
  let root: string;

  beforeEach(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'outpost-docker-options-')));
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('maps server-folder paths to the container, whole path segments only', async () => {
    const options = await buildContainerOptions({ type: 'docker' }, {
      command: `${root}/start.sh`,
      args: [`--config=${root}/cfg/a.yml`, `${root}-other/file`],
      cwd: join(root, 'world'),
      serverRoot: root,
      env: { DATA_DIR: `${root}/data` },
    }, 'cafe0123', new ServerFiles(root));
    expect(options.Cmd).toEqual([`${CONTAINER_ROOT}/start.sh`, `--config=${CONTAINER_ROOT}/cfg/a.yml`, `${root}-other/file`]);
    expect(options.WorkingDir).toBe(`${CONTAINER_ROOT}/world`);
    expect(options.Env).toEqual([`DATA_DIR=${CONTAINER_ROOT}/data`]);
    expect(options.Image).toBe('pufferpanel/generic');
    expect(options.name).toBe('outpost-cafe0123');
    expect(options.HostConfig?.NetworkMode).toBe('host');
    expect(options.HostConfig?.Mounts).toEqual([{ Type: 'bind', Source: root, Target: CONTAINER_ROOT }]);
  });

  it('runs bridge, overlay and macvlan on the named network and needs a name for the last two', () => {
    expect(networkMode({ type: 'docker', networkMode: 'bridge' })).toBe('bridge');
    expect(networkMode({ type: 'docker', networkMode: 'bridge', networkName: 'games' })).toBe('games');
    expect(networkMode({ type: 'docker', networkMode: 'macvlan', networkName: 'lan' })).toBe('lan');
    expect(networkMode({ type: 'docker', networkMode: 'none', networkName: 'ignored' })).toBe('none');
    expect(() => networkMode({ type: 'docker', networkMode: 'overlay' })).toThrow(
      expect.objectContaining({ code: 'ErrFieldRequired', message: 'docker network mode overlay needs a network name' }),
    );
  });

  it('refuses a binding whose container path is not absolute', async () => {
    const spec = { command: 'sh', args: [], cwd: root, serverRoot: root, env: {} };
    await expect(buildContainerOptions({ type: 'docker', bindings: { data: 'relative' } }, spec, 'cafe0123', new ServerFiles(root))).rejects.toMatchObject({
      code: 'ErrOperationFailed',
      message: 'docker binding target must be an absolute path below /: relative',
    });
  });
});
