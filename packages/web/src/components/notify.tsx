import { Button, Group, Text } from '@mantine/core';
import { i18n } from '../i18n';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { isExpectedError } from '../api/fieldError';
import { errorDetailsStore } from './errorDetailsStore';

/** Spec section 9: plain toasts stay 2500 ms, error toasts with details 6000 ms. */
export const TOAST_MS = 2500;
export const ERROR_TOAST_MS = 6000;

// The toast store and its component load apart from the first page (App.tsx mounts the component lazily too).
const toasts = () => import('@mantine/notifications').then((module) => module.notifications);

export function notifySuccess(message: string): void {
  void toasts().then((notifications) => notifications.show({ message, color: 'teal', autoClose: TOAST_MS }));
}

export function notifyWarning(message: string): void {
  void toasts().then((notifications) => notifications.show({ message, color: 'yellow', autoClose: TOAST_MS }));
}

/**
 * Shows a failed call: an expected refusal (a 4xx with a code) as its message alone, which says
 * what to do; anything else as "Something went wrong" with a Details button. A 401 shows nothing
 * here: the session layer has already logged out and shown the one "session timed out" message.
 */
export function notifyError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && !/^\/auth\/(login|register|otp)/.test(error.report.url)) return;
  const t = i18n.t;
  if (isExpectedError(error)) {
    const message = errorMessage(t, error);
    void toasts().then((notifications) => notifications.show({ color: 'red', message, autoClose: ERROR_TOAST_MS }));
    return;
  }
  const details = error instanceof Error ? error : new Error(String(error));
  void toasts().then((notifications) => {
    const id = notifications.show({
      color: 'red',
      title: t('toast.errorTitle'),
      autoClose: ERROR_TOAST_MS,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{errorMessage(t, error)}</Text>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => {
              notifications.hide(id);
              errorDetailsStore.open(details);
            }}
          >
            {t('toast.details')}
          </Button>
        </Group>
      ),
    });
  });
}

/** The one message shown when the session ends (any 401 outside the login calls). */
export function notifySessionTimedOut(): void {
  void toasts().then((notifications) =>
    notifications.show({
      id: 'session-timed-out',
      color: 'orange',
      message: i18n.t('errors.ErrSessionTimedOut'),
      autoClose: ERROR_TOAST_MS,
    }),
  );
}
