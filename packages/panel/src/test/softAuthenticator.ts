import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A WebAuthn authenticator in software, for route tests without a browser: an ES256 key, and
// the attestation and assertion built byte by byte as the WebAuthn spec (§6.1, §6.5) lays them out.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The few CBOR items WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The COSE form of the public key (EC2, P-256, ES256). */
  cose: Buffer;
  userHandle: string;
  counter: number;
}

export interface ClientOverrides {
  origin?: string;
  rpId?: string;
  /** Leave out the user-verified flag (a key without a PIN or biometric). */
  unverified?: boolean;
  /** Sign with this counter instead of the next one. */
  counter?: number;
}

/** A new ES256 credential. */
export function newCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
  return { id: randomBytes(32), privateKey, cose, userHandle: '', counter: 0 };
}

const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** The browser's answer to creation options (`publicKey` of navigator.credentials.create()), as JSON. */
export function attest(credential: SoftCredential, options: { challenge: string; rp: { id: string }; user: { id: string } }, origin: string, overrides: ClientOverrides = {}) {
  credential.userHandle = options.user.id;
  const flags = UP | AT | (overrides.unverified ? 0 : UV);
  const counter = Buffer.alloc(4);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credential.id.length);
  const authData = Buffer.concat([sha256(overrides.rpId ?? options.rp.id), Buffer.from([flags]), counter, Buffer.alloc(16), idLength, credential.id, credential.cose]);
  const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, overrides.origin ?? origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    clientExtensionResults: {},
  };
}

/** The browser's answer to request options (navigator.credentials.get()), signed with the credential's key. */
export function assert(credential: SoftCredential, options: { challenge: string; rpId: string }, origin: string, overrides: ClientOverrides = {}) {
  credential.counter = overrides.counter ?? credential.counter + 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(credential.counter);
  const authData = Buffer.concat([sha256(overrides.rpId ?? options.rpId), Buffer.from([UP | (overrides.unverified ? 0 : UV)]), counter]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, overrides.origin ?? origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
    clientExtensionResults: {},
  };
}
