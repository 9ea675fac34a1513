import { Type } from 'typebox';
import { responses, Text } from '@outpost/shared';

export const themeSchema = {
  summary: 'One theme as a tar archive (512-byte blocks): theme.json with light and dark colours, theme.css and assets',
  tags: ['config'],
  params: Type.Object({ file: Text({ maxLength: 100 }) }),
  // The archive's bytes (application/x-tar) are sent as they are: no serializer touches a Buffer.
  response: responses({ 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/x-tar' }) }),
};
