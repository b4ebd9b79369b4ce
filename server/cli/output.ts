/**
 * Standard output that loses nothing. A pipe holds 64 KiB; what does not fit waits in the process,
 * and process.exit() drops it. So writes wait while the pipe is full, `flush()` resolves once every
 * byte has been handed over, and a write error (the reader went away: EPIPE) is kept so the command
 * can say so and exit non-zero instead of ending as if the output were complete.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

export class OutputClosedError extends Error {}

export class Output {
  /** The first write error (EPIPE when the reader closed the pipe). */
  error: NodeJS.ErrnoException | undefined;

  constructor(private readonly stream: Writable) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      this.error ??= error;
    });
  }

  /** Writes `text`, waiting while the reader is behind. Throws once the output is closed. */
  async write(text: string): Promise<void> {
    if (this.error || this.stream.destroyed) throw new OutputClosedError('standard output is closed');
    if (this.stream.write(text)) return;
    await Promise.race([once(this.stream, 'drain'), once(this.stream, 'close')]);
  }

  /** Resolves when everything written so far has been handed to the reader (or has failed). */
  flush(): Promise<void> {
    if (this.stream.destroyed || this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.stream.write('', () => resolve());
      this.stream.once('close', resolve);
    });
  }

  /** A message for a person, or undefined when all went well. */
  failure(): string | undefined {
    if (!this.error && !this.stream.destroyed) return undefined;
    const reason =
      this.error?.code === 'EPIPE' ? 'the reader closed the pipe' : (this.error?.message ?? 'closed');
    return `Standard output was closed before everything was written (${reason}): the output is incomplete.`;
  }
}
