import { Type, type Static } from 'typebox';

// Per-server limits (issue 30): what a server's programs may use of its node. 0 or absent: unlimited.

export const ServerLimits = Type.Object(
  {
    /** MiB of memory for all the server's processes together. */
    memory: Type.Optional(Type.Integer({ minimum: 0, maximum: 16_777_216 })),
    /** Percent of one core: 150 is one and a half cores. */
    cpu: Type.Optional(Type.Integer({ minimum: 0, maximum: 102_400 })),
    /** How many processes (and threads) the server may have at once. */
    processes: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_194_304 })),
    /** MiB of disk for the server's folder. */
    disk: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_073_741_824 })),
  },
  { additionalProperties: false },
);
export type ServerLimits = Static<typeof ServerLimits>;

export const LIMIT_NAMES = ['memory', 'cpu', 'processes', 'disk'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** What a node can enforce, by limit, and through which cgroup hierarchy (null: none writable). */
export const LimitEnforcement = Type.Object({
  cgroup: Type.Union([Type.Literal('v1'), Type.Literal('v2'), Type.Null()]),
  memory: Type.Boolean(),
  cpu: Type.Boolean(),
  processes: Type.Boolean(),
  disk: Type.Boolean(),
});
export type LimitEnforcement = Static<typeof LimitEnforcement>;
