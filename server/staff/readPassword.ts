import { AccountError } from './accounts.ts';

/**
 * A password for a command-line tool: typed without echo on a terminal (asked twice when
 * `confirm`), else the first line of standard input (for scripts: `echo "$PW" | npm run staff ...`).
 */
async function typed(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let password = '';
  for await (const chunk of stdin) {
    for (const c of String(chunk)) {
      if (c === '\r' || c === '\n' || c === '\u0004') {
        stdin.setRawMode(false);
        stdin.pause();
        stderr.write('\n');
        return password;
      }
      if (c === '\u0003') process.exit(130);
      if (c === '\u007f') password = password.slice(0, -1);
      else password += c;
    }
  }
  return password;
}

export async function readPassword(confirm = false): Promise<string> {
  const { stdin } = process;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await typed('Password (not shown): ');
  if (!confirm) return first;
  const again = await typed('The same password again: ');
  if (again !== first) throw new AccountError('The two passwords differ; nothing was changed.');
  return first;
}

/** One line typed at a terminal (shown as typed), or the first line of standard input. */
export async function readLine(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? '';
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: stdin, output: stderr });
  try {
    return await rl.question(prompt);
  } finally {
    rl.close();
  }
}
