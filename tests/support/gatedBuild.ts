/**
 * A stand-in for scripts/build.ts (server/editor/publishLock.test.ts): takes the same options,
 * marks that it started (`<out>.started`), waits until the file named by GATED_BUILD_GATE exists,
 * then writes a minimal build: a page, the forms' facts and a release.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exitWhenParentEnds } from '../../node/exitWithParent.ts';

// Only the options it acts on; the others Publish passes (--steps, --no-compress) are accepted as they come.
const { values } = parseArgs({
  options: {
    content: { type: 'string', default: '.' },
    out: { type: 'string', default: 'dist' },
    'exit-with-parent': { type: 'boolean', default: false },
  },
  strict: false,
});
const stop = values['exit-with-parent'] ? exitWhenParentEnds() : () => {};
const out = path.resolve(String(values.out));
const gate = process.env.GATED_BUILD_GATE;
if (!gate) throw new Error('GATED_BUILD_GATE names the file to wait for.');
console.log('STEP validate');
writeFileSync(`${out}.started`, '');
while (!existsSync(gate)) await new Promise((r) => setTimeout(r, 50));
mkdirSync(path.join(out, 'client'), { recursive: true });
writeFileSync(path.join(out, 'client', 'index.html'), `<h1>Built from ${String(values.content)}</h1>`);
writeFileSync(
  path.join(out, 'site-facts.json'),
  JSON.stringify({ backend: '/backend', url: 'https://example.com', serviceTypes: [], positions: [] }),
);
writeFileSync(
  path.join(out, 'release.json'),
  JSON.stringify({ content: null, code: 'gated', builtAt: new Date().toISOString() }),
);
console.log('STEP done 1');
stop();
