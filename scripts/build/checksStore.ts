/**
 * The validator's per-file checks kept in the build cache (src/validator/fileChecksCache.ts), so a
 * build in a new process (every `npm run build`, every Publish) parses and checks against the
 * schemas only the files whose text changed. Each entry's key names the code's version (which holds
 * the schemas and the validator), what else the checks were made with, the file and its text.
 */
import type { FileChecksStore, KeptFileChecks } from '../../src/validator/fileChecksCache.ts';
import { BuildCache } from './buildCache.ts';

export function checksStore(cache: BuildCache, code: string): FileChecksStore {
  const key = (context: string, file: string, text: string) => BuildCache.key(code, context, file, text);
  return {
    get(context, file, text) {
      const kept = cache.get('checks', key(context, file, text));
      return kept ? (JSON.parse(kept.toString('utf8')) as KeptFileChecks) : undefined;
    },
    put(context, file, text, checks) {
      cache.put('checks', key(context, file, text), JSON.stringify(checks));
    },
  };
}
