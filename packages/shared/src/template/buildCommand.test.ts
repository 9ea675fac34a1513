import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutpostError } from '../errors.js';
import { buildCommand } from './buildCommand.js';
import { valueEnvName } from './shellScriptWithReferences.js';

function refusal(fn: () => unknown): OutpostError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OutpostError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('buildCommand', () => {
  it('puts each value inside the word the template wrote, whatever quotes or spaces it holds', () => {
    const value = `b c" 'd' \\e $(f)`;
    expect(buildCommand(`prog "\${a}" x\${a}y '\${a}'`, { a: value }).argv).toEqual(['prog', value, `x${value}y`, value]);
    expect(buildCommand(['prog', '${a}', '-p=${a}'], { a: value }).argv).toEqual(['prog', value, `-p=${value}`]);
  });

  it('splits an unquoted whole-word variable at whitespace only, and drops it when empty', () => {
    const vars = { jvm: ' -Xms1G\t-Dname="a b" ', args: '', memory: 1024 };
    expect(buildCommand('java ${jvm} -Xmx${memory}M -jar app.jar ${args}', vars).argv).toEqual(['java', '-Xms1G', '-Dname="a', 'b"', '-Xmx1024M', '-jar', 'app.jar']);
  });

  it('refuses a value that would begin an argument with "-", naming the variable', () => {
    const error = refusal(() => buildCommand('node "${main}"', { main: '--eval=1' }, { main: { display: 'Main file' } }));
    expect(error.code).toBe('ErrInvalidVariable');
    expect(error.status).toBe(400);
    expect(error.metadata).toEqual({ name: 'Main file', field: 'main', expected: 'a value that does not start with "-"' });
    expect(refusal(() => buildCommand(['node', '${main}'], { main: '-e' })).code).toBe('ErrInvalidVariable');
    expect(refusal(() => buildCommand('node ""${main}', { main: '-e' })).code).toBe('ErrInvalidVariable');
    // inside a word, or as a list the template placed among flags, a "-" is the template's choice
    expect(buildCommand('prog -x${v} --y="${v}" ${list}', { v: '-1', list: '-a -b' }).argv).toEqual(['prog', '-x-1', '--y=-1', '-a', '-b']);
  });

  it('leaves names that are not variables for the program', () => {
    expect(buildCommand('echo ${HOME} "${x}"', { x: '${HOME}' }).argv).toEqual(['echo', '${HOME}', '${HOME}']);
  });

  it('gives shell scripts references to environment variables instead of values', () => {
    const built = buildCommand(`sh -c 'echo "\${a}" \${a} '"'"'\${a}'"'"' \${HOME}'`, { a: 'x y' });
    expect(built.argv).toEqual(['sh', '-c', `echo "\${OUTPOST_VAR_a}" "\${OUTPOST_VAR_a}" ''"\${OUTPOST_VAR_a}"'' \${HOME}`]);
    expect(built.env).toEqual({ OUTPOST_VAR_a: 'x y' });
    expect(buildCommand(`/bin/bash -e -c 'echo \${a}'`, { a: 1 }).argv[3]).toBe('echo "${OUTPOST_VAR_a}"');
    expect(buildCommand(`dash -ec 'echo \${a}'`, { a: 1 }).argv[2]).toBe('echo "${OUTPOST_VAR_a}"');
    // arguments after the script, and scripts in files, get the value itself
    expect(buildCommand(`sh -c 'echo "$1"' sh "\${a}"`, { a: '$(x)' }).argv).toEqual(['sh', '-c', 'echo "$1"', 'sh', '$(x)']);
    expect(buildCommand('sh run.sh "${a}"', { a: '$(x)' }).argv).toEqual(['sh', 'run.sh', '$(x)']);
  });

  it('refuses a "-" value where a reference begins a shell word, not inside one', () => {
    expect(refusal(() => buildCommand(`sh -c 'git clone "\${repo}" dir'`, { repo: '--upload-pack=x' })).code).toBe('ErrInvalidVariable');
    expect(refusal(() => buildCommand(`sh -c 'a;\${repo}'`, { repo: '-x' })).code).toBe('ErrInvalidVariable');
    expect(buildCommand(`sh -c 'echo --branch=\${b} "x\${b}"'`, { b: '-x' }).env).toEqual({ OUTPOST_VAR_b: '-x' });
  });

  it('names the environment variable of any variable name the shell could not', () => {
    expect(valueEnvName('max_players')).toBe('OUTPOST_VAR_max_players');
    expect(valueEnvName('max-players')).toBe('OUTPOST_VARX_6d61782d706c6179657273');
    expect(buildCommand(`sh -c 'echo \${max-players}'`, { 'max-players': 8 }).env).toEqual({ 'OUTPOST_VARX_6d61782d706c6179657273': '8' });
  });
});

describe('buildCommand with a real shell', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-cmd-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const hostile = [
    '$(touch pwned)',
    '`touch pwned`',
    '"; touch pwned; "',
    "' ; touch pwned ; '",
    '\\"; touch pwned; \\"',
    "'\"'\"'; touch pwned; '\"'\"'",
    '${IFS}; touch pwned',
    '$((1+1)) * ? [a] ~ & | > pwned',
    'x'.repeat(10_240),
  ];

  /** Runs the built command in dir and answers its standard output. */
  function run(template: string, value: string): string {
    const { argv, env } = buildCommand(template, { v: value });
    const result = spawnSync(argv[0], argv.slice(1), { cwd: dir, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    return result.stdout;
  }

  it.each(hostile.map((value) => [value.slice(0, 40), value]))('passes %s through every quoting of an sh -c script as text', (_, value) => {
    expect(run(`sh -c 'printf "[%s]" "\${v}" \${v} '"'"'\${v}'"'"' x\${v}y'`, value)).toBe(`[${value}][${value}][${value}][x${value}y]`);
    expect(run(`sh -c "printf '[%s]' \\"\${v}\\""`, value)).toBe(`[${value}]`);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it.each(hostile.map((value) => [value.slice(0, 40), value]))('never runs %s even where the quoting of a script is misread', (_, value) => {
    // Inside $(...) within double quotes the lexer loses track; the value may split, but never runs.
    run(`sh -c 'echo "$(printf %s "\${v}")"; echo \\"\${v}; echo "\\'\${v}"'`, value);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});
