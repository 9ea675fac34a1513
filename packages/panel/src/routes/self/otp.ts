import { OutpostError } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { emitFor } from '../../services/activity/emitFor.js';
import { newOtpSecret, useOtpCode } from '../../services/otpCodes.js';
import { verifyPassword } from '../../services/passwords.js';
import { issueRecoveryCodes } from '../../services/recoveryCodes.js';
import { otpConfirmSchema, otpDisableSchema, otpSetupSchema, otpStatusSchema, regenerateRecoveryCodesSchema } from './schema.js';

const invalidState = (msg: string) => new OutpostError('ErrInvalidTokenState', msg, undefined, 400);

/**
 * /api/self/otp: set up, confirm and switch off two-factor login, and its recovery codes. Set-up
 * and status stay open to a user the panel requires two-factor login of (`twoFactorSetup`).
 */
export default async function selfOtpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  async function currentUser(userId: number) {
    const user = await repo.users.byId(userId);
    if (!user) throw new OutpostError('ErrSessionTimedOut', 'Your session timed out, please log in again');
    return user;
  }

  r.get('/api/self/otp', { schema: otpStatusSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request) => {
    const user = await currentUser(request.session!.userId);
    if (user.otp_active !== 1) return { otpEnabled: false };
    return { otpEnabled: true, recoveryCodesLeft: await repo.recoveryCodes.count(user.id) };
  });

  r.post('/api/self/otp', { schema: otpSetupSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request) => {
    const user = await currentUser(request.session!.userId);
    if (user.otp_active) throw invalidState('two-factor login is already on');
    const { secret, uri } = newOtpSecret(user.email);
    await repo.users.setOtp(user.id, secret, false);
    return { secret, img: await QRCode.toDataURL(uri) };
  });

  r.put('/api/self/otp', { schema: otpConfirmSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request) => {
    const user = await currentUser(request.session!.userId);
    if (user.otp_active) throw invalidState('two-factor login is already on');
    if (!user.otp_secret) throw invalidState('start two-factor set-up first');
    await useOtpCode(repo, user.id, user.otp_secret, request.body.token);
    // Keep the counter just used, so the confirming code cannot also sign someone in.
    const counter = (await repo.users.byId(user.id))?.otp_last_counter ?? null;
    await repo.users.setOtp(user.id, user.otp_secret, true);
    if (counter !== null) await repo.users.useOtpCounter(user.id, counter);
    const recoveryCodes = await issueRecoveryCodes(repo, user.id);
    app.panel.mail.toUser(user.id, { kind: 'otpEnabled', values: { username: user.username } });
    await emitFor(request, { event: 'auth.otp.enabled', data: {} });
    return { recoveryCodes };
  });

  // A stolen session alone cannot trade the codes for new ones it would then know: the password
  // or a current one-time code must come with it.
  r.post('/api/self/otp/recovery', { schema: regenerateRecoveryCodesSchema, config: { scope: 'session' } }, async (request) => {
    const user = await currentUser(request.session!.userId);
    if (!user.otp_active || !user.otp_secret) throw invalidState('two-factor login is not on');
    const { password, token } = request.body;
    if (token !== undefined) await useOtpCode(repo, user.id, user.otp_secret, token);
    else if (password === undefined || !(await verifyPassword(user.password_hash, password))) {
      throw new OutpostError('ErrInvalidCredentials', 'invalid credentials', { field: 'password' }, 400);
    }
    return { recoveryCodes: await issueRecoveryCodes(repo, user.id) };
  });

  r.delete('/api/self/otp/:token', { schema: otpDisableSchema, config: { scope: 'session' } }, async (request, reply) => {
    const user = await currentUser(request.session!.userId);
    if (!user.otp_active || !user.otp_secret) throw invalidState('two-factor login is not on');
    await useOtpCode(repo, user.id, user.otp_secret, request.params.token);
    await repo.users.setOtp(user.id, null, false);
    await repo.recoveryCodes.removeAll(user.id);
    app.panel.mail.toUser(user.id, { kind: 'otpDisabled', values: { username: user.username } });
    await emitFor(request, { event: 'auth.otp.disabled', data: {} });
    return reply.code(204).send(null);
  });
}
