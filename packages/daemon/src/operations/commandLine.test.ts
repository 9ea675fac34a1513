import { describe, expect, it } from 'vitest';
import { commandLine, describedLine } from './commandLine.js';

describe('the install log line of a program a step runs', () => {
  it('says in words what the file tools templates use do', () => {
    expect(commandLine(['unzip', '-o', '-q', 'terraria-server-1449.zip'])).toBe('Unpacking terraria-server-1449.zip');
    expect(commandLine(['tar', '-xJf', 'linux64'])).toBe('Unpacking linux64');
    expect(commandLine(['tar', 'xzf', 'game.tgz', '-C', 'out'])).toBe('Unpacking game.tgz');
    expect(commandLine(['rm', '-rf', '1449', 'terraria-server-1449.zip'])).toBe('Removing 1449, terraria-server-1449.zip');
    expect(commandLine(['chmod', '+x', 'TerrariaServer.bin.x86_64', 'TerrariaServer'])).toBe('Making TerrariaServer.bin.x86_64, TerrariaServer executable');
    expect(commandLine(['cp', '-a', '1449/Linux/.', '.'])).toBe('Copying 1449/Linux/. to .');
  });

  it('shows any other program as typed, quoting what a shell would need quoted', () => {
    expect(commandLine(['java', '-jar', 'forge-1.20.1-installer.jar', '--installServer'])).toBe('Running: java -jar forge-1.20.1-installer.jar --installServer');
    expect(commandLine(['echo', 'a b'])).toBe("Running: echo 'a b'");
  });

  it('shows a short shell script, and only says that a long one runs', () => {
    expect(commandLine(['sh', '-c', 'chmod +x ./server'])).toBe("Running: sh -c 'chmod +x ./server'");
    const script = `if [ -f package.json ]; then npm install --omit=dev --no-audit --no-fund; else echo "No package.json"; fi`;
    expect(commandLine(['sh', '-c', script])).toBe('Running a shell script');
  });

  it('keeps a description to one printable line', () => {
    expect(describedLine(' Fetching\nthe code\x1b[2J ')).toBe('Fetching the code [2J');
  });
});
