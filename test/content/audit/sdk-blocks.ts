import { collectCodeBlocks } from '../code-blocks.ts';
import { loadApiModel } from '../../../content/plugins/linked-code/api-model.ts';
import { auditSdkCode, type SdkLang, type SdkStats } from '../../../content/plugins/linked-code/sdk-chains.ts';

export interface SdkAudit {
  blocks: number;
  stats: SdkStats;
  problems: string[];
}

const LANGS: Record<string, SdkLang> = { go: 'go', golang: 'go', python: 'python', py: 'python' };

/**
 * Audits the Dagger API names of the Go and Python blocks under `contentRoot` against the
 * TypeScript SDK's declarations, and against `absent`, the names the documented version lacks
 * (documented-api.ts).
 * (TypeScript blocks are type-checked by typescript-blocks.test.ts.) A block whose fence meta says
 * `no-audit` is left out.
 */
export function auditSdkBlocks(contentRoot: string, absent: ReadonlySet<string>): SdkAudit {
  const api = loadApiModel();
  const stats: SdkStats = { resolved: 0, skipped: 0 };
  const blocks = collectCodeBlocks(contentRoot).filter((b) => LANGS[b.lang] && !/\bno-audit\b/.test(b.meta));
  const problems = blocks.flatMap((b) =>
    auditSdkCode(api, absent, b.code, LANGS[b.lang], stats).map((p) => `${b.file}:${b.line + p.line}: ${p.message}`),
  );
  return { blocks: blocks.length, stats, problems };
}
