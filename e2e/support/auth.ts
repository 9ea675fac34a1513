import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';

export interface Credentials {
  email: string;
  password: string;
}

/** Fills the six boxes of the one-time-code overlay. */
export async function typeCode(page: Page, testId: string, code: string): Promise<void> {
  const first = page.getByTestId(testId).locator('input').first();
  await first.click();
  await page.keyboard.type(code, { delay: 30 });
}

/**
 * Signs in through the login page (reached from "/", which the app sends there when logged out).
 * With `otpSecret`, answers the one-time-code overlay with a freshly computed code.
 */
export async function signIn(page: Page, credentials: Credentials, otpSecret?: string): Promise<void> {
  await submitLogin(page, credentials);
  if (otpSecret) {
    await page.getByTestId('otp-input').waitFor();
    await typeCode(page, 'otp-input', await freshCode(otpSecret));
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Opens the login page and submits the form, without waiting for any outcome. */
export async function submitLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/');
  await page.waitForURL('**/auth/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('nav-logout').click();
  await page.waitForURL('**/auth/login');
}

const Period = 30_000;
const usedCounters = new Map<string, number>();

/**
 * A TOTP code for a secret that the panel has not seen yet. The panel refuses a time step twice
 * but takes one step of clock drift either way, so when this secret's current step was already
 * handed out, the next step's code serves at once; only a third code within one 30 s step has
 * to wait for the clock to move on.
 */
export async function freshCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const step = () => Math.floor(Date.now() / Period);
  const counter = Math.max(step(), (usedCounters.get(secret) ?? -1) + 1);
  await vi.waitUntil(() => counter <= step() + 1, { timeout: 2 * Period, interval: 250 });
  usedCounters.set(secret, counter);
  return totp.generate({ timestamp: counter * Period });
}
