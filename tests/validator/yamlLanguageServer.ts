/**
 * yaml-language-server (the engine of Red Hat's YAML extension for VS Code) driven over stdio as a
 * real editor drives it: initialize, answer its `workspace/configuration` questions, open a file,
 * ask for completions and hovers, collect the diagnostics it publishes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';

export interface Position {
  /** 0-based, as in the protocol. */
  line: number;
  character: number;
}

export interface Diagnostic {
  range: { start: Position; end: Position };
  message: string;
  severity?: number;
}

export interface CompletionItem {
  label: string;
  documentation?: string | { kind: string; value: string };
}

export interface YamlLanguageServer {
  open(file: string, text: string): Promise<void>;
  /** The diagnostics published for a file after it was opened (waits for the first batch). */
  diagnostics(file: string): Promise<Diagnostic[]>;
  completion(file: string, position: Position): Promise<CompletionItem[]>;
  hover(file: string, position: Position): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const SERVER = require.resolve('yaml-language-server/bin/yaml-language-server');

export async function startYamlLanguageServer(root: string): Promise<YamlLanguageServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER, '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  if (!child.stdout || !child.stdin) throw new Error('yaml-language-server did not start');
  const connection: MessageConnection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published = new Map<string, Diagnostic[]>();
  const waiting = new Map<string, (d: Diagnostic[]) => void>();
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) =>
      item.section === 'yaml'
        ? { validate: true, completion: true, hover: true, format: { enable: false } }
        : {},
    ),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification(
    'textDocument/publishDiagnostics',
    (p: { uri: string; diagnostics: Diagnostic[] }) => {
      published.set(p.uri, p.diagnostics);
      waiting.get(p.uri)?.(p.diagnostics);
    },
  );
  connection.listen();

  const rootUri = pathToFileURL(root).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'site' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: {
        completion: {
          completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] },
        },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: {},
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', {
    settings: { yaml: { validate: true, completion: true, hover: true } },
  });

  const uriOf = (file: string) => pathToFileURL(file).href;
  return {
    async open(file, text) {
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uriOf(file), languageId: 'yaml', version: 1, text },
      });
    },
    diagnostics(file) {
      const uri = uriOf(file);
      const known = published.get(uri);
      if (known) return Promise.resolve(known);
      return new Promise((resolve) => waiting.set(uri, resolve));
    },
    async completion(file, position) {
      const result = await connection.sendRequest<{ items: CompletionItem[] } | CompletionItem[] | null>(
        'textDocument/completion',
        { textDocument: { uri: uriOf(file) }, position },
      );
      return Array.isArray(result) ? result : (result?.items ?? []);
    },
    async hover(file, position) {
      const result = await connection.sendRequest<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri: uriOf(file) },
        position,
      });
      const c = result?.contents;
      if (!c) return '';
      if (typeof c === 'string') return c;
      if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : String(x.value))).join('\n');
      return String((c as { value: unknown }).value);
    },
    async close() {
      try {
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
      } finally {
        connection.dispose();
        child.kill();
      }
    },
  };
}
