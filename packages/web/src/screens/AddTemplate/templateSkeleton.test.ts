import { describe, expect, it } from 'vitest';
import { readDefinition } from '@outpost/shared';
import { templateSkeleton } from './templateSkeleton';

describe('templateSkeleton', () => {
  it('is a template the panel accepts as it stands', () => {
    expect(() => readDefinition(JSON.parse(JSON.stringify(templateSkeleton)))).not.toThrow();
  });
});
