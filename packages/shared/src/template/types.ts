// The template model's constants (spec server-page.md sections 3 and 4) and the editor form.
// A server definition is a template that has been instantiated: same shape, plus its values.
// Its wire shape (API form) is the schema in ../contract/definition.ts.
import type { EnvironmentConfig, Requirements, Step, Variable } from '../contract/definition.js';

export const VARIABLE_TYPES = ['string', 'boolean', 'integer', 'option'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export const ENVIRONMENT_TYPES = ['standard', 'tty', 'docker'] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

export const NETWORK_MODES = ['bridge', 'host', 'overlay', 'macvlan', 'none'] as const;
export type NetworkMode = (typeof NETWORK_MODES)[number];

export const DEFAULT_DOCKER_IMAGE = 'pufferpanel/generic';
export const DEFAULT_NETWORK_MODE: NetworkMode = 'host';
export const PORT_PROTOCOLS = ['tcp', 'udp'] as const;
export const DEFAULT_PORT_HOST = '{ip}';
export const DEFAULT_PORT_PROTOCOL = 'tcp';
export const JAVA_VERSIONS = [8, 16, 17] as const;

/** A variable in the editor form: its name is part of it, and list order is kept. */
export interface EditorVariable extends Variable {
  name: string;
}

export interface EditorStop {
  type: 'command' | 'signal';
  /** Text for a command, a number for a signal. */
  value: string | number;
}

/** Editor form of a template (spec "Template (editor form)"): the run section flattened. */
export interface TemplateEditorForm {
  id?: string;
  name?: string;
  display?: string;
  type?: string;
  readme?: string;
  command: string | string[];
  workingDirectory?: string;
  stop?: EditorStop;
  pre: Step[];
  post: Step[];
  envVars: Record<string, string>;
  vars: EditorVariable[];
  install: Step[];
  defaultEnv?: EnvironmentConfig;
  supportedEnvs: EnvironmentConfig[];
  autostart: boolean;
  autorestart: boolean;
  autorecover: boolean;
  requirements?: Requirements;
  /** Keys the editor does not know (top level and under run), carried so a round trip loses nothing. */
  extra?: { definition?: Record<string, unknown>; run?: Record<string, unknown> };
}
