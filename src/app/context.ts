/**
 * How React components reach the page's controller: main.tsx provides it,
 * components read it with useController(). No module holds it.
 */
import { createContext, useContext } from 'react';
import type { AppController } from './controller';

/** The page's controller, provided around the app by main.tsx. */
export const ControllerContext = createContext<AppController | null>(null);

/** The page's controller; throws outside the provider (a wiring mistake, not a state). */
export function useController(): AppController {
  const c = useContext(ControllerContext);
  if (!c) throw new Error('useController: no AppController provided (see src/ui/main.tsx).');
  return c;
}
