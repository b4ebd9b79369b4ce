/**
 * A real SMTP server for the notification tests (smtp-server on 127.0.0.1), collecting each
 * message it receives in full.
 */
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (port 0 unless given), collecting what it receives in full
 * (`received`) and counting the messages it began to receive (`started`). `onRcpt` runs before
 * each recipient is accepted.
 */
export async function startSmtp(port = 0, onRcpt?: () => Promise<void>) {
  const received: Received[] = [];
  const counts = { started: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      (onRcpt?.() ?? Promise.resolve()).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      counts.started++;
      // A message cut off before its end is destroyed by smtp-server, never 'end'ed.
      stream.on('error', () => {});
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const address = smtp.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    counts,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The HTML part of a received message, its quoted-printable decoded. */
export function htmlOf(raw: string): string {
  const m =
    /Content-Type: text\/html[^\r\n]*\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n([\s\S]*?)\r\n--/i.exec(
      raw,
    );
  if (!m) throw new Error('no HTML part');
  return (m[1] ?? '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
