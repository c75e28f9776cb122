import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useColorMode } from '../../theme/color-mode/react.tsx';
import { effectiveChoice, modeFor, nextChoice, type ColorModeConfig } from '../../theme/color-mode/rules.ts';

const base: ColorModeConfig = { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false };

describe('theme/color-mode/rules', () => {
  it('defaults to light and ignores the system preference in this configuration', () => {
    expect(effectiveChoice(null, base)).toBe('light');
    expect(modeFor('system', true, base)).toBe('light');
    expect(nextChoice('light', base)).toBe('dark');
    expect(nextChoice('dark', base)).toBe('light');
  });

  it('follows the system when respected, and cycles through system', () => {
    const respect = { ...base, respectPrefersColorScheme: true };
    expect(effectiveChoice(null, respect)).toBe('system');
    expect(modeFor('system', true, respect)).toBe('dark');
    expect(modeFor('system', false, respect)).toBe('light');
    expect([nextChoice('light', respect), nextChoice('dark', respect), nextChoice('system', respect)]).toEqual([
      'dark',
      'system',
      'light',
    ]);
  });

  it('uses the default mode whatever is stored when the switch is disabled', () => {
    expect(effectiveChoice('dark', { ...base, disableSwitch: true })).toBe('light');
  });
});

/** A component that reads the colour mode, to render outside its provider. */
function Probe() {
  useColorMode();
  return null;
}

describe('theme/color-mode/react', () => {
  it('useColorMode outside its provider throws an error naming the provider', () => {
    expect(() => renderToString(<Probe />)).toThrow(/outside <ColorModeProvider>/);
  });
});
