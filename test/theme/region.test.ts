import { describe, expect, it } from 'vitest';
import { collapseDuration } from '../../theme/client/region.ts';

describe('theme/client/region: collapsible timing', () => {
  it('scales with content height and drops to 1 ms with reduced motion', () => {
    expect(collapseDuration(100, false)).toBeLessThan(collapseDuration(1000, false));
    expect(collapseDuration(5000, true)).toBe(1);
  });
});
