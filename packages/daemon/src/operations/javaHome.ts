import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerDefinition, Step } from '@outpost/shared';
import { normalizeStep } from '@outpost/shared';

/** Where the JDK of a major version lives in the node's shared Java folder. */
export function javaHomeFor(javaDir: string, version: number): string {
  return join(javaDir, String(version));
}

/** JAVA_HOME and PATH (its bin folder first) for a JDK; `path` is the PATH it goes before. */
export function javaEnvironment(home: string, path: string | undefined): Record<string, string> {
  return { JAVA_HOME: home, PATH: path ? `${join(home, 'bin')}:${path}` : join(home, 'bin') };
}

/**
 * The Java a server's programs get: the version of the last javadl step of its install (or
 * hooks), once that JDK is on the node. Its run command and steps then find `java` first in PATH.
 */
export function serverJavaEnvironment(def: ServerDefinition, javaDir: string | undefined, path: string | undefined): Record<string, string> {
  if (!javaDir) return {};
  const steps: Step[] = [...(def.install ?? []), ...(def.run?.pre ?? []), ...(def.run?.post ?? [])].map(normalizeStep);
  const wanted = steps.filter((step) => step.type === 'javadl').pop();
  if (!wanted || !Number.isInteger(wanted.version)) return {};
  const home = javaHomeFor(javaDir, wanted.version);
  return existsSync(join(home, 'bin', 'java')) ? javaEnvironment(home, path) : {};
}
