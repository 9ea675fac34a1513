import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** Why the panel refused a sign-in; a chunk of its own, as the form draws without it. */
export default function LoginError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" data-testid="login-error">
      {children}
    </Alert>
  );
}
