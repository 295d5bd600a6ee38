import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message as the test SMTP server received it, its MIME structure read back. */
export interface ReceivedMail {
  /** The SMTP envelope. */
  envelope: { from: string; to: string[] };
  /** The user name it authenticated with, if it did. */
  user: string | undefined;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, or with `user:password@` when the server asks for them. */
  url: string;
  received: ReceivedMail[];
  /**
   * The next message to `to` (with this subject, if given) not yet taken by an earlier call; waits
   * up to `timeoutMs` for it.
   */
  nextMailTo(to: string, subject?: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every hook of the SMTP dialogue waits this long before answering (a slow server). */
  slowDown(ms: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server), plain text (no STARTTLS offered), that keeps what it
 * is sent. With `credentials` it accepts only those (AUTH PLAIN or LOGIN without TLS, as a test may).
 */
export async function startSmtpServer(options: { credentials?: { user: string; password: string } } = {}) {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let delayMs = 0;
  const later = (callback: (error?: Error | null) => void, error?: Error) =>
    setTimeout(() => callback(error ?? null), delayMs);
  const { credentials } = options;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const ok = auth.username === credentials?.user && auth.password === credentials?.password;
      if (!ok) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onMailFrom: (_address, _session, callback) => later(callback),
    onRcptTo: (_address, _session, callback) => later(callback),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(readMail(Buffer.concat(chunks).toString('utf8'), session));
        later(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@`
    : '';
  const smtp: TestSmtpServer = {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    async nextMailTo(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const wanted = (m: ReceivedMail) =>
        !taken.has(m) && m.envelope.to.includes(to.toLowerCase()) && (subject === undefined || m.subject === subject);
      for (;;) {
        const mail = received.find(wanted);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    slowDown(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return smtp;
}

function readMail(raw: string, session: SMTPServerSession): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  const part = (type: string) => parts.find((p) => p.type === type)?.content ?? '';
  const mailFrom = session.envelope.mailFrom;
  return {
    envelope: {
      from: mailFrom ? mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
    },
    user: typeof session.user === 'string' ? session.user : undefined,
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: part('text/plain'),
    html: part('text/html'),
    raw,
  };
}

/** Header names lower-cased, folded lines joined; the body after the first empty line. */
function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text parts of a message, multipart or not, each decoded. */
function leafParts(headers: Map<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const inner = splitHeaders(section.replace(/^\r?\n/, ''));
        return leafParts(inner.headers, inner.body);
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return [{ type, content: decodeBody(body, encoding).replace(/\r\n/g, '\n').replace(/\n$/, '') }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}
