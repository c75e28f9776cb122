export declare const ENTRIES: Record<'cli' | 'parse-worker' | 'card-worker' | 'search-worker', string>;
export declare function currentBundle(): string | undefined;
export declare function bundledEntry(name: keyof typeof ENTRIES): URL | undefined;
export declare function engineBundle(): Promise<string | undefined>;
export declare function sourceUrlPlugin(onRead: (file: string, bytes: Buffer) => void): import('esbuild').Plugin;
