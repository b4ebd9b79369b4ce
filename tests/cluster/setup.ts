/**
 * What `npm run test:cluster` sets up: PostgreSQL (found, never installed), nginx (installed with
 * apt-get when missing and running as root), a throwaway certificate, a tiny built site, free
 * ports, a real SMTP server counting messages, and the repository's own deploy/nginx.conf pointed
 * at all of these.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { REPO_ROOT } from '../../server/config.ts';
import { fakeClientDir } from '../../server/testSupport.ts';
import { LOCAL_TEST_DATABASE } from '../findPostgres.ts';

export async function findPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || LOCAL_TEST_DATABASE;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout?.trim();
  return found && executable(found) ? found : undefined;
}

/** nginx's executable; as root with apt-get, Debian's nginx is installed when there is none. */
export function findNginx(): string | undefined {
  const find = () =>
    process.env.NGINX_PATH?.trim() || (executable('/usr/sbin/nginx') ? '/usr/sbin/nginx' : onPath('nginx'));
  const found = find();
  if (found) return found;
  if (process.getuid?.() !== 0 || !onPath('apt-get')) return undefined;
  console.log("== No nginx found: installing Debian's nginx with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status !== 0) return undefined;
  if (spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env }).status !== 0)
    return undefined;
  return find();
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid two days. */
export function throwawayCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a certificate: ${result.stderr}`);
  return { cert, key };
}

/** DIST_DIR with a tiny built site (so that `npm start` does not build one). */
export function distDir(dir: string): string {
  const dist = path.join(dir, 'dist');
  cpSync(fakeClientDir(), path.join(dist, 'client'), { recursive: true });
  return dist;
}

/** deploy/nginx.conf with this run's ports and certificate, inside a main configuration of its own. */
export function nginxConfig(
  dir: string,
  o: { httpPort: number; httpsPort: number; instances: number[]; cert: string; key: string },
): string {
  let site = readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    const matches = site.match(from)?.length ?? 0;
    if (!matches)
      throw new Error(`deploy/nginx.conf no longer contains ${from}: update tests/cluster/setup.ts with it.`);
    site = site.replace(from, to);
  };
  const [first, second] = o.instances;
  replace(/server 127\.0\.0\.1:3001 /g, `server 127.0.0.1:${first} `);
  replace(/server 127\.0\.0\.1:3002 /g, `server 127.0.0.1:${second} `);
  replace(/^\s*listen \[::\]:.*$/gm, '');
  replace(/listen 80;/g, `listen 127.0.0.1:${o.httpPort};`);
  replace(/listen 443 ssl/g, `listen 127.0.0.1:${o.httpsPort} ssl`);
  replace(/ssl_certificate\s+\S+;/g, `ssl_certificate ${o.cert};`);
  replace(/ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${o.key};`);
  writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => {
    const p = path.join(dir, 'nginx-temp', name);
    mkdirSync(p, { recursive: true, mode: 0o777 });
    return p;
  };
  const main = [
    'worker_processes 1;',
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'nginx-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

export function startNginx(nginx: string, config: string, dir: string): ChildProcess {
  const test = spawnSync(nginx, ['-t', '-c', config, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx rejects the configuration:\n${test.stderr}`);
  return spawn(
    nginx,
    ['-c', config, '-p', dir, '-e', path.join(dir, 'nginx-error.log'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
}

/** Resolves once something accepts connections on 127.0.0.1:`port` (nginx starting up). */
export async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`Nothing listens on port ${port} after ${ms / 1000} s.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Instance {
  port: number;
  process: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** `npm start`'s own command (package.json: node --import tsx server/start.ts), with `env`. */
export function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'start.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Instance on ${port} did not start in 60 s:\n${output}`)),
      60_000,
    );
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      output += `${line}\n`;
      if (!line.startsWith('Serving the site')) return;
      clearTimeout(timer);
      resolve({ port, process: child, exited, output: () => output });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Instance on ${port} exited (${code}) before serving:\n${output}`));
    });
  });
}

/** A real SMTP server on 127.0.0.1 keeping each accepted message's Message-ID and Reply-To. */
export async function startSmtp() {
  const messages: { messageId: string; replyTo: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of each client (127.0.0.1): it can take seconds here.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('error', () => {});
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0] ?? '';
        const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        messages.push({ messageId: header('Message-ID'), replyTo: header('Reply-To') });
        callback();
      });
    },
  });
  // The instance killed with SIGKILL midway resets any SMTP connection it had open; smtp-server
  // reports that as an 'error' event, which would otherwise end this process. Lost messages are
  // counted by the test itself (each stored submission emailed exactly once).
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
