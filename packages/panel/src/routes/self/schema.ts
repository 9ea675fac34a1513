import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

/** SelfResponse of packages/shared api.ts. */
export const SelfResponse = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  otpActive: Type.Boolean(),
  scopes: Type.Array(Type.String()),
});

export const getSelfSchema = {
  summary: 'The signed-in account',
  tags: ['self'],
  response: responses({ 200: SelfResponse }),
};

export const updateSelfSchema = {
  summary: 'Change username and/or email, or the password (password + newPassword); needs the current password',
  tags: ['self'],
  body: Type.Object({
    username: Type.Optional(Text({ maxLength: 64 })),
    email: Type.Optional(Text({ maxLength: 255 })),
    password: Text(),
    newPassword: Type.Optional(Text()),
  }),
  response: responses({ 200: SelfResponse }),
};

export const otpStatusSchema = {
  summary: 'Whether two-factor login is on',
  tags: ['self'],
  response: responses({ 200: Type.Object({ otpEnabled: Type.Boolean() }) }),
};

export const otpSetupSchema = {
  summary: 'Start two-factor set-up: a new secret and its QR code (PNG data URL)',
  tags: ['self'],
  response: responses({ 200: Type.Object({ secret: Type.String(), img: Type.String() }) }),
};

export const otpConfirmSchema = {
  summary: 'Switch two-factor login on with a current code',
  tags: ['self'],
  body: Type.Object({ token: Text({ maxLength: 16 }) }),
  response: responses({ 204: NoContent }),
};

export const otpDisableSchema = {
  summary: 'Switch two-factor login off with a current code',
  tags: ['self'],
  params: Type.Object({ token: Text({ maxLength: 16 }) }),
  response: responses({ 204: NoContent }),
};
