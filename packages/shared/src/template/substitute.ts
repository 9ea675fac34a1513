import type { Variable, VariableValue } from '../contract/definition.js';

/**
 * Variables every server has besides its template's data, available as ${name} in commands,
 * file contents, paths and environment variables:
 * - serverId: the server's id (8 hex characters)
 * - rootDir:  the absolute path of the server folder on the node
 * - nodeOs:   the node's OS in template terms: linux, windows, darwin
 * - nodeArch: the node's architecture in template terms: amd64, arm64, 386, arm
 * A template variable of the same name is overridden by the built-in.
 */
export const BUILTIN_VARIABLES = ['serverId', 'rootDir', 'nodeOs', 'nodeArch'] as const;
export type BuiltinVariable = (typeof BUILTIN_VARIABLES)[number];

/** Node's process.platform in template terms (win32 is "windows", as templates write it). */
export function templateOs(platform: string): string {
  return platform === 'win32' ? 'windows' : platform;
}

/** Node's process.arch in template terms (Go-style names, which templates use). */
export function templateArch(arch: string): string {
  const names: Record<string, string> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' };
  return names[arch] ?? arch;
}

/** The built-in values for one server; platform and arch are node's process.platform and process.arch. */
export function builtinVariables(info: { serverId: string; rootDir: string; platform: string; arch: string }): Record<BuiltinVariable, string> {
  return { serverId: info.serverId, rootDir: info.rootDir, nodeOs: templateOs(info.platform), nodeArch: templateArch(info.arch) };
}

/** The current values of a server's data, by name (variables without a value are left out). */
export function variableValues(data: Record<string, Variable> | undefined): Record<string, VariableValue> {
  const values: Record<string, VariableValue> = {};
  for (const [name, variable] of Object.entries(data ?? {})) {
    if (variable.value !== undefined && variable.value !== null) values[name] = variable.value;
  }
  return values;
}

const reference = /\$\{([^${}\s]+)\}/g;

/**
 * Replaces each ${name} in text with the value of that variable. Unknown names are left as they
 * are, so shell expansions such as ${HOME} or ${JAVA_HOME} in a command still reach the shell.
 * Values are inserted once (a value that itself contains ${...} is not expanded again).
 * Booleans and numbers become their plain text ("true", "25565"); objects become JSON. `encode`
 * escapes each value for the text it lands in (e.g. a regular expression). Command lines are
 * built by buildCommand instead, which keeps values out of the syntax.
 */
export function substitute(text: string, variables: Record<string, unknown>, encode: (value: string) => string = (value) => value): string {
  return text.replace(reference, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(variables, name)) return whole;
    const value = variables[name];
    if (value === undefined || value === null) return '';
    return encode(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
}
