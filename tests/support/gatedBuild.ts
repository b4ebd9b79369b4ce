/**
 * A stand-in for scripts/build.ts (server/editor/publishLock.test.ts): takes the same options,
 * marks that it started (`<out>.started`), waits until the file named by GATED_BUILD_GATE exists,
 * then writes a minimal build: a page and its script (new in each build), a picture (the same in
 * each), the forms' facts and a release.
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
// Each build's page and script differ (as a new release's do); its picture is the same every time.
const stamp = Date.now().toString(36);
writeFileSync(
  path.join(out, 'client', 'index.html'),
  `<h1>Built from ${String(values.content)}</h1><script src="/assets/app-${stamp}.js"></script>`,
);
mkdirSync(path.join(out, 'client', 'assets'));
writeFileSync(path.join(out, 'client', 'assets', `app-${stamp}.js`), `console.log('${stamp}');`);
mkdirSync(path.join(out, 'client', 'images'));
writeFileSync(
  path.join(out, 'client', 'images', 'pic.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#2255aa"/></svg>',
);
writeFileSync(
  path.join(out, 'site-facts.json'),
  JSON.stringify({
    backend: '/backend',
    url: 'https://example.com',
    serviceTypes: [],
    positions: [process.env.GATED_BUILD_POSITION ?? 'Mobile App Developer'],
  }),
);
writeFileSync(
  path.join(out, 'release.json'),
  JSON.stringify({ content: null, code: 'gated', builtAt: new Date().toISOString() }),
);
console.log('STEP done 1');
stop();
