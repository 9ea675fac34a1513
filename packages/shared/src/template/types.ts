// The template / server definition model (spec server-page.md sections 3 and 4).
// A server definition is a template that has been instantiated: same shape, plus its values.
// These are the *normalised* API-form types: lists are always lists (normalizeDefinition turns
// the single-string shorthands of download and command steps into lists).

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

export const STEP_TYPES = [
  'download',
  'command',
  'alterfile',
  'writefile',
  'move',
  'mkdir',
  'mojangdl',
  'forgedl',
  'spongeforgedl',
  'fabricdl',
  'javadl',
  'steamgamedl',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export type VariableValue = string | number | boolean;

/** One pick of an option (or suggestion list of a string) variable. */
export interface VariableOption {
  value: VariableValue;
  display: string;
}

/** A template variable (API form: the map key is its name). */
export interface Variable {
  display?: string;
  desc?: string;
  /** Default 'string'. */
  type?: VariableType;
  /** The default, or on a server the current value. */
  value?: VariableValue;
  /** Default true. */
  required?: boolean;
  /** Default true: users without admin rights may change the value. */
  userEdit?: boolean;
  /** Used by option and string types. */
  options?: VariableOption[];
}

export interface DownloadStep { type: 'download'; files: string[] }
export interface CommandStep { type: 'command'; commands: string[] }
export interface AlterFileStep { type: 'alterfile'; file: string; /** Default true. */ regex?: boolean; search: string; replace: string }
export interface WriteFileStep { type: 'writefile'; target: string; text: string }
export interface MoveStep { type: 'move'; source: string; target: string }
export interface MkdirStep { type: 'mkdir'; target: string }
export interface MojangDlStep { type: 'mojangdl'; version: string; target: string }
export interface ForgeDlStep { type: 'forgedl'; version: string; filename: string }
export interface SpongeForgeDlStep { type: 'spongeforgedl'; releaseType: string }
export interface FabricDlStep { type: 'fabricdl'; targetFile: string }
export interface JavaDlStep { type: 'javadl'; version: number }
export interface SteamGameDlStep { type: 'steamgamedl'; appId: string }

/** One processor step, as used by install, pre, post and task operations. */
export type Step =
  | DownloadStep
  | CommandStep
  | AlterFileStep
  | WriteFileStep
  | MoveStep
  | MkdirStep
  | MojangDlStep
  | ForgeDlStep
  | SpongeForgeDlStep
  | FabricDlStep
  | JavaDlStep
  | SteamGameDlStep;

export interface StandardEnvironmentConfig { type: 'standard' }
export interface TtyEnvironmentConfig { type: 'tty' }
export interface DockerEnvironmentConfig {
  type: 'docker';
  /** Default DEFAULT_DOCKER_IMAGE. */
  image?: string;
  /** Default DEFAULT_NETWORK_MODE. */
  networkMode?: NetworkMode;
  networkName?: string;
  /** Host path (inside the server folder) to container path. */
  bindings?: Record<string, string>;
  /** Each "host:outsidePort:insidePort/protocol", e.g. "{ip}:25565:25565/tcp". */
  portBindings?: string[];
}
export type EnvironmentConfig = StandardEnvironmentConfig | TtyEnvironmentConfig | DockerEnvironmentConfig;

export interface Requirements {
  /** Node platform name(s), "|" separated: linux, windows, darwin. */
  os?: string;
  /** Architecture(s), "|" separated: amd64, arm64 (x86_64, aarch64, x64 accepted). */
  arch?: string;
  /** Programs that must be on PATH, e.g. java, steamcmd. */
  binaries?: string[];
}

export interface RunConfig {
  /** Console command that stops the program. */
  stop?: string;
  /** Signal number that stops the program (wins over stop when both are set). */
  stopCode?: number;
  /** The program and its arguments: a shell-like line, or argv as a list. */
  command: string | string[];
  /** Relative to the server folder. */
  workingDirectory?: string;
  pre?: Step[];
  post?: Step[];
  environmentVars?: Record<string, string>;
  autostart?: boolean;
  autorestart?: boolean;
  autorecover?: boolean;
}

/** API form of a template, and of a server's definition. */
export interface ServerDefinition {
  id?: string;
  name?: string;
  display?: string;
  type?: string;
  readme?: string;
  install?: Step[];
  run: RunConfig;
  data?: Record<string, Variable>;
  environment?: EnvironmentConfig;
  supportedEnvironments?: EnvironmentConfig[];
  requirements?: Requirements;
}
export type Template = ServerDefinition;

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
