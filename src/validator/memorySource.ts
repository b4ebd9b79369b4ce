/**
 * Files held in memory, checked against schemas compiled at run time: for Node (tests, tools). The
 * browser editor uses memoryContentSource with the checks compiled at build time instead, so Ajv's
 * compiler never reaches it.
 */
import { type MemoryContent, memoryContentSource } from './memoryContentSource.ts';
import { compiledAtRunTime } from './runtimeValidators.ts';
import type { ContentSource } from './validateSite.ts';

export type { MemoryContent } from './memoryContentSource.ts';

export function memorySource(content: MemoryContent): ContentSource {
  return memoryContentSource(content, compiledAtRunTime(content.schemas));
}
