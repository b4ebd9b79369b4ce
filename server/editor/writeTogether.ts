/**
 * A change of several content files at once (Change address, Take down, Put back), written and
 * committed as one: the new texts first and the removals last, so a failure part-way never leaves a
 * page missing; and if any write or the commit fails, every file is put back as it was and the
 * error goes on to the caller. What cannot be worked out from the request (an address deeper than
 * a page can be, a file the minimal-diff writer cannot edit) is a refusal in words, not a failure.
 */
import { rmSync } from 'node:fs';
import { ContentPathError, resolveContentFile } from './contentPath.ts';
import { readContentFile, writeContentFile } from './contentStore.ts';
import { YamlWriteError } from './yaml/writeYaml.ts';

/** The message to refuse the request with, for an error its own input caused; else undefined. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ContentPathError || error instanceof YamlWriteError ? error.message : undefined;
}

/** Writes `writes` (file → its new text, or undefined to remove it), then `commit`s them. */
export async function writeTogether<T>(
  root: string,
  writes: ReadonlyMap<string, string | undefined>,
  commit: (files: string[]) => Promise<T>,
): Promise<{ versions: Map<string, string>; committed: T }> {
  const before = new Map([...writes.keys()].map((name) => [name, readContentFile(root, name)?.text]));
  const put = (name: string, text: string | undefined) =>
    text === undefined
      ? rmSync(resolveContentFile(root, name), { force: true })
      : writeContentFile(root, name, text);
  const versions = new Map<string, string>();
  const ordered = [...writes].sort(([, a], [, b]) => Number(a === undefined) - Number(b === undefined));
  try {
    for (const [name, text] of ordered) {
      const version = put(name, text);
      if (version) versions.set(name, version);
    }
    return { versions, committed: await commit([...writes.keys()]) };
  } catch (error) {
    for (const [name, text] of before) {
      try {
        put(name, text);
      } catch {
        // The first error is the one to tell; the others follow from it.
      }
    }
    throw error;
  }
}
