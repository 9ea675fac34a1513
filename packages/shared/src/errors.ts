import type { ErrorBody } from './contract/common.js';

/** The spec's error catalogue (panel.md section 8): the only codes a client ever sees in `error.code`. */
const CatalogueCodes = [
  'ErrGeneric',
  'ErrUnknownError',
  'ErrInvalidCredentials',
  'ErrServiceNotAvailable',
  'ErrEmailNotConfigured',
  'ErrTokenInvalid',
  'ErrClientNotFound',
  'ErrUserNotFound',
  'ErrLoginNotPermitted',
  'ErrInvalidTokenState',
  'ErrSettingNotConfigured',
  'ErrNoTemplate',
  'ErrServiceInvalidProvider',
  'ErrFieldRequired',
  'ErrFieldMustBePrintable',
  'ErrFieldHasURICharacters',
  'ErrFieldIsInvalidHost',
  'ErrFieldIsInvalidIP',
  'ErrFieldTooLarge',
  'ErrFieldTooSmall',
  'ErrFieldNotBetween',
  'ErrFieldEqual',
  'ErrFieldNotEqual',
  'ErrFieldNotEmail',
  'ErrFieldLength',
  'ErrNoPermission',
  'ErrDatabaseNotAvailable',
  'ErrNoNodes',
  'ErrNoTemplates',
  'ErrPasswordRequirements',
  'ErrUsernameRequirements',
  'ErrPasswordsNotIdentical',
  'ErrSessionTimedOut',
  'ErrMissingScope',
  'ErrInvalidJson',
  'ErrSocketFailed',
  'ErrInviteLinkInvalid',
  'ErrSavingInviteduser',
  'ErrDuplicateServerName',
  'ErrDuplicateNodeName',
  'ErrDirectoryUploadNotSupported',
  'ErrDockerNotSupported',
  'ErrMissingBinary',
  'ErrUnsupportedOS',
  'ErrUnsupportedArch',
] as const;

/**
 * Every error code Outpost throws: the catalogue plus the few it lacks, needed where it is silent.
 * Those extra codes travel as `error.reason` only (see `OutpostError.toBody`).
 */
export const ErrorCodes = [
  ...CatalogueCodes,
  'ErrNotFound', // 404: no such server, node, template, user, file or route
  'ErrNodeUnreachable', // 502: the server's node did not answer
  'ErrTooManyRequests', // 429: rate limit (failed logins, SFTP passwords)
  'ErrPathOutsideServer', // 400: a user path that resolves outside the server folder
  'ErrUnsupportedArchive', // 400: extract of a format we cannot read
  'ErrFileTooLarge', // 400: editing a file above the editable limit
  'ErrServerRunning', // 409: install or delete refused while running
  'ErrOperationFailed', // 400: an install step or hook failed; msg says which and why
  'ErrAlreadyExists', // 409: a file, folder or server of that name is already there; an SSH key already on an account
  'ErrNotAFile', // 400: reading or downloading a folder, a pipe or a device
  'ErrNameTooLong', // 400: a file name over 255 bytes or a path over 4096
  'ErrQuotaExceeded', // 413: an upload or extraction would pass the server's size limit
  'ErrInvalidVariable', // 400: a variable value that does not fit its type or options
  'ErrOriginNotAllowed', // 403: a socket or form post from another site
  'ErrUnsupportedMediaType', // 415: a body that is not JSON (or multipart) on a JSON route
  'ErrInvalidPath', // 400: a path that cannot be used so (a folder moved into itself, a folder not empty)
  'ErrNodeHasServers', // 409: deleting a node that still holds servers
  'ErrBadRequest', // 400: a request that could not be read at all (a malformed URL, a bad header)
  'ErrInvalidCron', // 400: a task schedule that is no valid cron expression
  'ErrUnknownOperation', // 400: a task operation of a type nobody knows
  'ErrInvalidOperation', // 400: a task operation whose fields do not fit its type
  'ErrNodeRefusedSecret', // 502: the node answered but refused the panel's token (its daemon.json holds another secret)
  'ErrTemplateVersion1', // 409: importing a version-1 template without asking for its conversion
  'ErrLastAdmin', // 409: removing, demoting or deleting the panel's last administrator
  'ErrBackupRunning', // 409: a backup of this server is being made already
  'ErrBackupLocked', // 409: deleting a locked backup, or a new one when every kept backup is locked
  'ErrBackupNotReady', // 409: restoring, browsing or downloading a backup that is running or failed
  'ErrBackupDamaged', // 409: a backup whose archive no longer matches its checksum (restore refused)
  'ErrBackupStorage', // 502: the node's backup storage did not answer or refused its credentials
  'ErrDiskFull', // 507: the disk has no room left for the archive (or the files being restored)
  'ErrTwoFactorRequired', // 403: a session whose user must set up two-factor login first (panel.security.requireTwoFactor)
  'ErrPrivateTarget', // 400: a fetch made for a user (template repository, download) to a loopback, link-local or private address the settings do not allow
  'ErrOidcProviderDown', // 502: an OpenID provider's discovery, token or key endpoint did not answer or answered nonsense
  'ErrOidcDenied', // 403: the OpenID provider answered the sign-in with an error (the user declined, or the provider refused)
  'ErrOidcStateInvalid', // 400: an OpenID callback whose state is unknown, used, expired or not this browser's
  'ErrOidcEmailNotVerified', // 403: linking to an account by email needs the provider to say the email is verified
  'ErrOidcDomainNotAllowed', // 403: the email's domain is not among the provider's allowed domains for new accounts
  'ErrOidcNoAccount', // 403: no account is linked or has that email, and the provider creates none
  'ErrOidcLastSignInMethod', // 409: unlinking the account's only way to sign in (no password, no other provider)
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];


/** HTTP status a code answers with when the thrower does not say otherwise. */
const defaultStatus: Partial<Record<ErrorCode, number>> = {
  ErrGeneric: 500,
  ErrUnknownError: 500,
  ErrInvalidCredentials: 401,
  ErrSessionTimedOut: 401,
  ErrTokenInvalid: 401,
  ErrLoginNotPermitted: 403,
  ErrNoPermission: 403,
  ErrMissingScope: 403,
  ErrNotFound: 404,
  ErrUserNotFound: 404,
  ErrClientNotFound: 404,
  ErrNoTemplate: 404,
  ErrDuplicateServerName: 409,
  ErrDuplicateNodeName: 409,
  ErrServerRunning: 409,
  ErrAlreadyExists: 409,
  ErrNodeHasServers: 409,
  ErrLastAdmin: 409,
  ErrBackupRunning: 409,
  ErrBackupLocked: 409,
  ErrBackupNotReady: 409,
  ErrBackupDamaged: 409,
  ErrBackupStorage: 502,
  ErrDiskFull: 507,
  ErrQuotaExceeded: 413,
  ErrOriginNotAllowed: 403,
  ErrTwoFactorRequired: 403,
  ErrOidcProviderDown: 502,
  ErrOidcDenied: 403,
  ErrOidcEmailNotVerified: 403,
  ErrOidcDomainNotAllowed: 403,
  ErrOidcNoAccount: 403,
  ErrOidcLastSignInMethod: 409,
  ErrUnsupportedMediaType: 415,
  ErrTooManyRequests: 429,
  ErrNodeUnreachable: 502,
  ErrNodeRefusedSecret: 502,
  ErrDatabaseNotAvailable: 503,
  ErrServiceNotAvailable: 503,
};

/** The one error class of Outpost: a spec code, an HTTP status and placeholder metadata. */
export class OutpostError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly metadata?: Record<string, unknown>;

  constructor(code: ErrorCode, msg?: string, metadata?: Record<string, unknown>, status?: number) {
    super(msg ?? code);
    this.name = 'OutpostError';
    this.code = code;
    this.metadata = metadata;
    this.status = status ?? defaultStatus[code] ?? 400;
  }

  /**
   * The wire form. Clients written for the spec know only the catalogue: they show `code`'s
   * message, or `msg` when there is no code. So `code` is a catalogue code (the code itself, or
   * the catalogue entry of the same meaning) or absent; `reason` always names the precise code,
   * which Outpost's own clients translate.
   */
  toBody(): ErrorBody {
    const code = catalogue.has(this.code) ? this.code : sameMeaning[this.code];
    return {
      error: { ...(code ? { code } : {}), msg: this.message, ...(this.metadata ? { metadata: this.metadata } : {}), reason: this.code },
    };
  }
}

const catalogue: ReadonlySet<ErrorCode> = new Set(CatalogueCodes);

/** Codes outside the catalogue whose catalogue entry says the same thing to a spec client. */
const sameMeaning: Partial<Record<ErrorCode, ErrorCode>> = {
  ErrNodeUnreachable: 'ErrServiceNotAvailable',
  ErrUnsupportedMediaType: 'ErrInvalidJson',
  ErrPrivateTarget: 'ErrFieldIsInvalidHost',
  ErrBackupStorage: 'ErrServiceNotAvailable',
  ErrOidcProviderDown: 'ErrServiceNotAvailable',
  ErrOidcDenied: 'ErrLoginNotPermitted',
  ErrOidcStateInvalid: 'ErrInvalidTokenState',
  ErrOidcEmailNotVerified: 'ErrLoginNotPermitted',
  ErrOidcDomainNotAllowed: 'ErrLoginNotPermitted',
  ErrOidcNoAccount: 'ErrLoginNotPermitted',
  ErrTwoFactorRequired: 'ErrLoginNotPermitted',
};


/** What a framework's request error carries that its answer depends on (Fastify's, typed here). */
export interface RequestFailure {
  message: string;
  code?: string;
  statusCode?: number;
  validation?: unknown;
  validationContext?: string;
}

/**
 * The one answer to a failed request, on the panel and on a daemon: an OutpostError as it is; a
 * schema's refusal as `readValidation` names it (each side names its fields its own way); the
 * framework's own 4xx (unreadable or oversized body, wrong content type, unknown route) in the
 * spec's codes; anything else is a fault, 500 ErrGeneric naming the request, which the caller logs.
 */
export function errorReply(error: unknown, requestId: string, readValidation: (failure: RequestFailure) => OutpostError): OutpostError {
  if (error instanceof OutpostError) return error;
  const failure = error as RequestFailure;
  if (failure.validation) return readValidation(failure);
  const status = failure.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (failure.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new OutpostError('ErrFieldTooLarge', 'request body too large', { field: 'body' }, status);
    if (failure.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new OutpostError('ErrUnsupportedMediaType', 'Send the request body as JSON', undefined, 415);
    if (failure.code?.startsWith('FST_ERR_CTP_')) return new OutpostError('ErrInvalidJson', 'The json data is invalid', undefined, status);
    return new OutpostError(status === 404 ? 'ErrNotFound' : 'ErrBadRequest', failure.message, undefined, status);
  }
  return new OutpostError('ErrGeneric', `internal error (request ${requestId})`, { requestId }, 500);
}
