// The part of the web platform that Node and browsers both provide, declared for code both
// sides run: this folder's tsconfig has neither the DOM lib nor Node's types, so anything else
// is a compile error. Only theme/shared/tsconfig.json reads this file (the others have the real
// declarations).
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly origin: string;
  hash: string;
  host: string;
  hostname: string;
  href: string;
  pathname: string;
  protocol: string;
  search: string;
  toString(): string;
}
