import type { ClientData } from '../shared/client-data.ts';

export function readClientData(): ClientData {
  const el = document.getElementById('__docs');
  if (!el?.textContent) throw new Error('Docs data (#__docs) is missing from the page.');
  return JSON.parse(el.textContent);
}
