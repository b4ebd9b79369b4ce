/**
 * A stand-in for a server that pressed Publish (server/editor/publishDies.test.ts): starts the
 * build exactly as Publish does, prints `CHILD <pid>`, passes the build's step lines on, and waits
 * to be killed. Arguments: the content folder and the output folder.
 */
import { startBuild } from '../../server/editor/publish.ts';

const [contentDir, outDir] = process.argv.slice(2);
if (!contentDir || !outDir) throw new Error('usage: publishBuildParent.ts <content dir> <out dir>');
const child = startBuild(contentDir, outDir);
console.log(`CHILD ${child.pid}`);
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr);
setInterval(() => {}, 60_000);
