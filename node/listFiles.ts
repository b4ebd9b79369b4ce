/** Every file under a folder, as paths relative to it with '/' between names (folders left out). */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return listFiles(dir, child);
    return e.isFile() ? [child] : [];
  });
}
