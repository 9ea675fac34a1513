import type { ServerDefinition } from '../contract/definition.js';

/** Rich, realistic definitions, for tests (here and in other packages) and as documentation. */
export const minecraft: ServerDefinition = {
  id: 'minecraft-vanilla',
  name: 'minecraft-vanilla',
  display: 'Minecraft: Java Edition',
  type: 'minecraft-java',
  readme: '# Vanilla\nAccept the EULA first.',
  install: [
    { type: 'mojangdl', version: '${version}', target: 'server.jar' },
    { type: 'writefile', target: 'eula.txt', text: 'eula=${eula}\n' },
    { type: 'alterfile', file: 'server.properties', regex: true, search: '^server-port=.*$', replace: 'server-port=${port}' },
  ],
  run: {
    stop: 'stop',
    command: ['java', '-Xmx${memory}M', '-jar', 'server.jar', 'nogui'],
    workingDirectory: '.',
    pre: [{ type: 'mkdir', target: 'logs' }],
    post: [{ type: 'command', commands: ['echo stopped ${serverId}'] }],
    environmentVars: { JAVA_OPTS: '-Dfile.encoding=UTF-8', HOME: '${rootDir}' },
    autostart: true,
    autorecover: true,
  },
  data: {
    version: { display: 'Version', desc: 'Minecraft version', type: 'string', value: 'latest', required: true, userEdit: true, options: [{ value: 'latest', display: 'Latest' }] },
    memory: { display: 'Memory (MiB)', type: 'integer', value: 1024, required: true, userEdit: true },
    eula: { display: 'Accept EULA', type: 'boolean', value: false, required: true, userEdit: true },
    port: { display: 'Port', type: 'integer', value: 25565, required: true, userEdit: false },
    motd: { display: 'Message', type: 'option', value: 'a', required: false, userEdit: true, options: [{ value: 'a', display: 'A' }, { value: 'b', display: 'B' }] },
  },
  environment: { type: 'docker', image: 'pufferpanel/minecraft', networkMode: 'bridge', portBindings: ['{ip}:25565:25565/tcp'], bindings: { '/srv/maps': '/maps' } },
  supportedEnvironments: [
    { type: 'standard' },
    { type: 'tty' },
    { type: 'docker', image: 'pufferpanel/minecraft', networkMode: 'bridge', portBindings: ['{ip}:25565:25565/tcp'], bindings: { '/srv/maps': '/maps' } },
  ],
  requirements: { os: 'linux|windows', arch: 'amd64|arm64', binaries: ['java'] },
};

export const signalStopped: ServerDefinition = {
  display: 'Terraria',
  install: [
    { type: 'download', files: ['https://example.test/terraria.zip'] },
    { type: 'move', source: 'Terraria/Linux', target: 'bin' },
    { type: 'steamgamedl', appId: '105600' },
    { type: 'javadl', version: 17 },
    { type: 'forgedl', version: '1.20.1-47.2.0', filename: 'forge.jar' },
    { type: 'spongeforgedl', releaseType: 'stable' },
    { type: 'fabricdl', targetFile: 'fabric.jar' },
  ],
  run: { stopCode: 2, command: './bin/TerrariaServer -port ${port}' },
  data: { port: { type: 'integer', value: 7777, required: true, userEdit: true } },
};
