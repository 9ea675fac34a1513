import { Center, Loader } from '@mantine/core';
import { DelayedMount } from './DelayedMount';

/** Shown while a lazily loaded screen arrives; only after a short delay, to avoid flicker. */
export function ScreenFallback() {
  return (
    <DelayedMount>
      <Center py={80}>
        <Loader />
      </Center>
    </DelayedMount>
  );
}
