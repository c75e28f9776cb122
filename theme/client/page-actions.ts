/**
 * The page menu (theme/components/PageActions.tsx), as WAI-ARIA's menu button pattern has it:
 * Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End
 * move between items; Escape closes it and returns focus to the button; Tab or a click elsewhere
 * closes it. Copy results are announced in the status region. Its texts come with the HTML, so
 * this chunk shares no module with the entry (each shared one is a chunk of its own to load).
 */
export function init(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('.page-actions-button')!;
  const menu = root.querySelector<HTMLElement>('[role="menu"]')!;
  const status = root.querySelector<HTMLElement>('[role="status"]')!;
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const isOpen = () => !menu.hidden;
  const focusItem = (i: number) => items[(i + items.length) % items.length].focus();
  // A press elsewhere closes the open menu (listened for only while it is open).
  const outside = (e: PointerEvent) => root.contains(e.target as Node) || close(false);
  const open = (at: number) => {
    document.addEventListener('pointerdown', outside);
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    focusItem(at);
  };
  const close = (refocus: boolean) => {
    document.removeEventListener('pointerdown', outside);
    if (!isOpen()) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  const copy = async (text: Promise<string>) => {
    try {
      await navigator.clipboard.writeText(await text);
      status.textContent = status.dataset.copied!;
    } catch {
      status.textContent = '';
    }
    setTimeout(() => (status.textContent = ''), 2000);
  };

  button.addEventListener('click', () => (isOpen() ? close(true) : open(0)));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowDown' ? 0 : -1);
    }
  });
  menu.addEventListener('keydown', (e) => {
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(moves[e.key]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key === ' ' && (e.target as HTMLElement).tagName === 'A') {
      e.preventDefault();
      (e.target as HTMLElement).click();
    }
  });
  menu.addEventListener('click', (e) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[role="menuitem"]');
    if (!item) return;
    if (item.dataset.copyUrl) void copy(fetch(item.dataset.copyUrl).then((r) => r.text()));
    if (item.dataset.copyText) void copy(Promise.resolve(item.dataset.copyText));
    close(true);
  });
}
