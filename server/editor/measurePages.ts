/**
 * `node --import tsx server/editor/measurePages.ts`: how long GET /pages takes on a git copy of the
 * repository's content with 20 more commits (the page list's answer time; median of 12).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';

const dir = contentCopy({ git: true });
for (let i = 0; i < 20; i++) {
  appendFileSync(path.join(dir, 'pages/about.yaml'), `# note ${i}\n`);
  execFileSync(
    'git',
    ['-c', 'user.name=M', '-c', 'user.email=m@example.com', 'commit', '-qam', `Note ${i}`],
    {
      cwd: dir,
    },
  );
}
const app = await contentApp(dir);
const times: number[] = [];
for (let i = 0; i < 12; i++) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: `${API}/pages`, headers: staffHeaders });
  if (res.statusCode !== 200) throw new Error(res.body);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const ms = (t: number | undefined) => `${(t ?? 0).toFixed(0)} ms`;
console.log(`GET /pages: median ${ms(times[6])}, fastest ${ms(times[0])}, slowest ${ms(times.at(-1))}`);
await app.close();
removeContentCopies();
