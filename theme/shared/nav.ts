/**
 * True when a navbar item is active for a route (its regex, else a prefix match). Routes and
 * `to` are both without the base URL. The server marks the item when it renders a page and the
 * client router again after each navigation, so both must call this.
 */
export function isNavActive(item: { to: string; activeBaseRegex?: string }, route: string): boolean {
  if (item.activeBaseRegex) return new RegExp(item.activeBaseRegex).test(route);
  return route === item.to || route.startsWith(`${item.to}/`);
}
