import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DEV_ERRORS } from '../shared/dev-errors.ts';
import type { Choice } from './rules.ts';
import type { ColorModeState, ColorModeStore } from './store.ts';

interface ColorModeValue extends ColorModeState {
  setChoice(choice: Choice | null): void;
}

const Context = createContext<ColorModeValue | undefined>(undefined);

/** Gives React islands (the search modal) the live colour mode from the shared store. */
export function ColorModeProvider({ store, children }: { store: ColorModeStore; children: ReactNode }) {
  const [state, setState] = useState(store.get());
  useEffect(() => {
    setState(store.get());
    const unsubscribe = store.subscribe(setState);
    return () => {
      unsubscribe();
    };
  }, [store]);
  return <Context.Provider value={{ ...state, setChoice: store.set }}>{children}</Context.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(Context);
  if (!value) throw new Error(DEV_ERRORS.colorModeOutsideProvider);
  return value;
}
