import { safeStorage } from '../client/safe-storage.ts';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';
import {
  CHOICE_ATTRIBUTE,
  effectiveChoice,
  MODE_ATTRIBUTE,
  modeFor,
  parseChoice,
  type Choice,
  type ColorModeConfig,
  type Mode,
} from './rules.ts';

export interface ColorModeState {
  choice: Choice;
  mode: Mode;
}

type Listener = (state: ColorModeState) => void;

/**
 * The browser side of colour mode: reads and writes the 'theme' key, reflects the state on
 * <html>, follows the OS setting live and picks up changes made in another tab.
 */
export function createColorModeStore(config: ColorModeConfig) {
  const listeners = new Set<Listener>();
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  if (config.disableSwitch) safeStorage.remove(STORAGE_KEYS.theme);

  const read = (): ColorModeState => {
    const choice = effectiveChoice(parseChoice(safeStorage.get(STORAGE_KEYS.theme)), config);
    return { choice, mode: modeFor(choice, media?.matches ?? false, config) };
  };
  let state = read();

  const apply = (next: ColorModeState) => {
    state = next;
    document.documentElement.setAttribute(MODE_ATTRIBUTE, next.mode);
    document.documentElement.setAttribute(CHOICE_ATTRIBUTE, next.choice);
    for (const l of listeners) l(next);
  };

  media?.addEventListener('change', () => apply(read()));
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.theme || e.key === null) apply(read());
  });

  return {
    get: () => state,
    /** Sets the choice; null clears the stored value and returns to the default/system. */
    set(choice: Choice | null) {
      if (config.disableSwitch) return;
      if (choice === null) safeStorage.remove(STORAGE_KEYS.theme);
      else safeStorage.set(STORAGE_KEYS.theme, choice);
      // Apply from the requested value, not storage, so a throwing storage still works this visit.
      const effective = effectiveChoice(choice, config);
      apply({ choice: effective, mode: modeFor(effective, media?.matches ?? false, config) });
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ColorModeStore = ReturnType<typeof createColorModeStore>;
