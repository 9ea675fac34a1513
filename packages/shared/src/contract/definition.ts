import { Type, type Static, type TProperties } from 'typebox';
import { BackupCommands } from './backups.js';
import { GameQuery } from './gameQuery.js';
import { ServerLimits } from './limits.js';
import { MapOf } from './common.js';
import { NETWORK_MODES, VARIABLE_TYPES } from '../template/types.js';

// The template / server definition in API form (spec server-page.md section 3): what templates
// are saved as, what a node keeps per server, what GET .../definition answers. These are the
// *normalised* shapes: normalizeDefinition turns the single-string shorthands into lists before
// validateDefinition checks a value against them. Every object keeps keys it does not know, so a
// round trip through an older client loses nothing; answers therefore serialise them too.

const open = { additionalProperties: true } as const;
const Name = Type.String({ minLength: 1 });

export const VariableValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
export type VariableValue = Static<typeof VariableValue>;

/** One pick of an option (or suggestion list of a string) variable. */
export const VariableOption = Type.Object({ value: VariableValue, display: Type.Optional(Type.String()) }, open);
export type VariableOption = Static<typeof VariableOption>;

/** A template variable (API form: the map key is its name). */
export const Variable = Type.Object(
  {
    display: Type.Optional(Type.String()),
    desc: Type.Optional(Type.String()),
    /** Default 'string'. */
    type: Type.Optional(Type.Enum(VARIABLE_TYPES)),
    /** The default, or on a server the current value. */
    value: Type.Optional(VariableValue),
    /** Default true. */
    required: Type.Optional(Type.Boolean()),
    /** Default true: users without admin rights may change the value. */
    userEdit: Type.Optional(Type.Boolean()),
    /** Used by option and string types. */
    options: Type.Optional(Type.Array(VariableOption, { description: 'a list of {value, display}' })),
  },
  open,
);
export type Variable = Static<typeof Variable>;

function step<Tag extends string, Fields extends TProperties>(type: Tag, fields: Fields) {
  return Type.Object({ type: Type.Literal(type), ...fields }, open);
}

// Spec "Processor (step) types": the fields each step type needs.
export const DownloadStep = step('download', { files: Type.Array(Type.String()) });
export const CommandStep = step('command', {
  commands: Type.Array(Type.String()),
  /** What the step does, in one sentence (${name} filled in): the install log's line for it instead of each command. */
  description: Type.Optional(Type.String({ maxLength: 300 })),
});
export const AlterFileStep = step('alterfile', { file: Name, /** Default true. */ regex: Type.Optional(Type.Boolean()), search: Name, replace: Type.Optional(Type.String()) });
export const WriteFileStep = step('writefile', { target: Name, text: Type.Optional(Type.String()) });
export const MoveStep = step('move', { source: Name, target: Name });
export const MkdirStep = step('mkdir', { target: Name });
export const MojangDlStep = step('mojangdl', { version: Name, target: Name });
export const ForgeDlStep = step('forgedl', { version: Name, filename: Name });
export const SpongeForgeDlStep = step('spongeforgedl', { releaseType: Name });
export const FabricDlStep = step('fabricdl', { targetFile: Name });
export const JavaDlStep = step('javadl', { version: Type.Integer() });
export const SteamGameDlStep = step('steamgamedl', { appId: Name });

/** One processor step, as used by install, pre, post and task operations; `type` says which. */
export const Step = Type.Union([
  DownloadStep,
  CommandStep,
  AlterFileStep,
  WriteFileStep,
  MoveStep,
  MkdirStep,
  MojangDlStep,
  ForgeDlStep,
  SpongeForgeDlStep,
  FabricDlStep,
  JavaDlStep,
  SteamGameDlStep,
]);
export type Step = Static<typeof Step>;
export type StepType = Step['type'];
/** Every step type, in the order the editor offers them. */
export const STEP_TYPES: readonly StepType[] = Step.anyOf.map((branch) => branch.properties.type.const);
export type DownloadStep = Static<typeof DownloadStep>;
export type CommandStep = Static<typeof CommandStep>;
export type AlterFileStep = Static<typeof AlterFileStep>;
export type WriteFileStep = Static<typeof WriteFileStep>;
export type MoveStep = Static<typeof MoveStep>;
export type MkdirStep = Static<typeof MkdirStep>;
export type MojangDlStep = Static<typeof MojangDlStep>;
export type ForgeDlStep = Static<typeof ForgeDlStep>;
export type SpongeForgeDlStep = Static<typeof SpongeForgeDlStep>;
export type FabricDlStep = Static<typeof FabricDlStep>;
export type JavaDlStep = Static<typeof JavaDlStep>;
export type SteamGameDlStep = Static<typeof SteamGameDlStep>;

export const StandardEnvironmentConfig = Type.Object({ type: Type.Literal('standard') }, open);
export const TtyEnvironmentConfig = Type.Object({ type: Type.Literal('tty') }, open);
export const DockerEnvironmentConfig = Type.Object(
  {
    type: Type.Literal('docker'),
    /** Default DEFAULT_DOCKER_IMAGE. */
    image: Type.Optional(Type.String()),
    /** Default DEFAULT_NETWORK_MODE. */
    networkMode: Type.Optional(Type.Enum(NETWORK_MODES)),
    networkName: Type.Optional(Type.String()),
    /** Host path (inside the server folder) to container path. */
    bindings: Type.Optional(MapOf(Type.String())),
    /** Each "host:outsidePort:insidePort/protocol", e.g. "{ip}:25565:25565/tcp". */
    portBindings: Type.Optional(Type.Array(Type.String())),
  },
  open,
);
export type DockerEnvironmentConfig = Static<typeof DockerEnvironmentConfig>;

/** Spec "Environments": where and how the program runs; `type` says which. */
export const EnvironmentConfig = Type.Union([StandardEnvironmentConfig, TtyEnvironmentConfig, DockerEnvironmentConfig]);
export type EnvironmentConfig = Static<typeof EnvironmentConfig>;

export const Requirements = Type.Object(
  {
    /** Node platform name(s), "|" separated: linux, windows, darwin. */
    os: Type.Optional(Type.String()),
    /** Architecture(s), "|" separated: amd64, arm64 (x86_64, aarch64, x64 accepted). */
    arch: Type.Optional(Type.String()),
    /** Programs that must be on PATH, e.g. java, steamcmd. */
    binaries: Type.Optional(Type.Array(Type.String())),
  },
  open,
);
export type Requirements = Static<typeof Requirements>;

export const RunConfig = Type.Object(
  {
    /** Console command that stops the program. */
    stop: Type.Optional(Type.String()),
    /** Signal number that stops the program (wins over stop when both are set). */
    stopCode: Type.Optional(Type.Integer({ minimum: 0, description: 'a signal number' })),
    /** The program and its arguments: a shell-like line, or argv as a list. */
    command: Type.Union([Type.String(), Type.Array(Type.String())]),
    /** Relative to the server folder. */
    workingDirectory: Type.Optional(Type.String()),
    pre: Type.Optional(Type.Array(Step)),
    post: Type.Optional(Type.Array(Step)),
    environmentVars: Type.Optional(MapOf(Type.String())),
    autostart: Type.Optional(Type.Boolean()),
    autorestart: Type.Optional(Type.Boolean()),
    autorecover: Type.Optional(Type.Boolean()),
  },
  open,
);
export type RunConfig = Static<typeof RunConfig>;

/** API form of a template, and of a server's definition. */
export const ServerDefinition = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    display: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    readme: Type.Optional(Type.String()),
    install: Type.Optional(Type.Array(Step)),
    run: RunConfig,
    data: Type.Optional(MapOf(Variable)),
    environment: Type.Optional(EnvironmentConfig),
    supportedEnvironments: Type.Optional(Type.Array(EnvironmentConfig)),
    requirements: Type.Optional(Requirements),
    /** What the server's programs may use of the node (issue 30). */
    limits: Type.Optional(ServerLimits),
    /** Console lines sent around a backup of the running server (e.g. save-off, save-all; then save-on). */
    backup: Type.Optional(BackupCommands),
    /** How to ask the game how many players are on (issue 32): a gamedig id and the port. */
    query: Type.Optional(GameQuery),
  },
  { ...open, description: 'a template in API form' },
);
export type ServerDefinition = Static<typeof ServerDefinition>;
export type Template = ServerDefinition;


/**
 * A request body that holds a definition, checked for its outline only: the handler reads it with
 * readDefinition, which converts version 1 and normalises before checking it against
 * ServerDefinition, answering the spec's errors (ErrInvalidJson naming the field).
 */
export const DefinitionBody = Type.Object({}, { additionalProperties: true, description: 'a server definition in API form (ServerDefinition); version-1 templates are converted' });
