import { OutpostError } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { themeFiles } from '../../services/shippedThemes.js';
import { tarArchive } from '../../services/tarArchive.js';
import { themeSchema } from './schema.js';

/** GET /theme/{name}.tar: one shipped theme as a tar archive (spec panel.md sections 3 and 7). */
export default async function themeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/theme/:file', { schema: themeSchema, config: { scope: 'public' } }, async (request, reply) => {
    const name = request.params.file.endsWith('.tar') ? request.params.file.slice(0, -4) : '';
    const files = name ? await themeFiles(name) : undefined;
    if (!files) throw new OutpostError('ErrNotFound', `no theme named ${name || request.params.file}`, { name: name || request.params.file }, 404);
    return reply.type('application/x-tar').header('cache-control', 'public, max-age=300').send(tarArchive(files));
  });
}
