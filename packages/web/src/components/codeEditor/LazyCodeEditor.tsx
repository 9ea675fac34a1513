import { lazy, Suspense, type ComponentProps } from 'react';
import { Group, Loader } from '@mantine/core';

// CodeMirror is one of the app's largest pieces: it loads only when an editor opens.
const CodeEditor = lazy(() => import('./CodeEditor').then((module) => ({ default: module.CodeEditor })));

export function LazyCodeEditor(props: ComponentProps<typeof CodeEditor>) {
  return (
    <Suspense
      fallback={
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
