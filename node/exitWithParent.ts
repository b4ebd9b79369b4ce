/**
 * A build started by a server (Publish) ends when that server's process ends, however it ends: a
 * SIGKILL or a crash gives the server no chance to stop its children, and a build left running
 * would compete for the cores with the instance that replaces it, then write a release nobody asked
 * for. The server keeps the build's standard input open as a pipe; when the server's process is
 * gone, the pipe closes and the build stops at once. (esbuild's helper process, the only process a
 * build starts, ends the same way when the build ends.)
 */

/** The flag a parent passes to say "end with me" (its end of standard input must stay open). */
export const EXIT_WITH_PARENT_FLAG = '--exit-with-parent';

/** The exit code of a build stopped because its server went away. */
export const PARENT_GONE_EXIT_CODE = 75;

/** Watches standard input; returns the function that stops watching, so the process can end. */
export function exitWhenParentEnds(): () => void {
  const gone = () => {
    console.error('The server that started this build has ended: the build stops.');
    process.exit(PARENT_GONE_EXIT_CODE);
  };
  process.stdin.on('end', gone);
  process.stdin.on('error', gone);
  process.stdin.resume();
  return () => {
    process.stdin.off('end', gone);
    process.stdin.off('error', gone);
    process.stdin.destroy();
  };
}
