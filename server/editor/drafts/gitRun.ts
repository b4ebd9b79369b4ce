/** git in a folder, as the drafts code runs it: its standard output, without the final newline. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'core.quotePath=false', ...args], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.replace(/\n$/, '');
}
