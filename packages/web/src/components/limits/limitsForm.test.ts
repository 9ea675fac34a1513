import { describe, expect, it } from 'vitest';
import { limitsSet, sameLimits, withLimit } from './limitsForm';

describe('limits as number boxes hold them', () => {
  it('keeps a whole positive number and leaves an emptied box, 0 or a fraction out (unlimited)', () => {
    expect(withLimit({}, 'memory', 512)).toEqual({ memory: 512 });
    expect(withLimit({ memory: 512, cpu: 50 }, 'memory', '')).toEqual({ cpu: 50 });
    expect(withLimit({ disk: 10 }, 'disk', 0)).toEqual({});
    expect(withLimit({}, 'cpu', '1.5')).toEqual({});
    expect(withLimit({}, 'processes', '64')).toEqual({ processes: 64 });
  });

  it('drops zeros from a definition\'s limits and compares what is left', () => {
    expect(limitsSet({ memory: 0, cpu: 150 })).toEqual({ cpu: 150 });
    expect(limitsSet(undefined)).toEqual({});
    expect(sameLimits({ memory: 0 }, undefined)).toBe(true);
    expect(sameLimits({ memory: 256 }, { memory: 512 })).toBe(false);
  });
});
