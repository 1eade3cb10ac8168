import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

export type MailCaptureOptions = {
  /** Listen on this port (to come back where a server expects it after an outage); a free one otherwise. */
  port?: number;
  /**
   * Refuses a recipient: 550 for good (no such mailbox), 451 for now (try again later); undefined
   * accepts it.
   */
  refuse?: (address: string) => 550 | 451 | undefined;
};

/** A real SMTP server on a local port that keeps every mail it receives. */
export async function startMailCapture(options: MailCaptureOptions = {}) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closing drops the clients' open connections at once, as a server going down does (the
    // default waits 30 s for pooled clients to hang up).
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address);
      if (code) {
        const text = code === 550 ? 'No such mailbox' : 'Try again later';
        callback(Object.assign(new Error(text), { responseCode: code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next mail to `to` after the ones already seen. */
  async function waitFor(
    to: string,
    predicate: (mail: CapturedMail) => boolean = () => true,
    // Mail goes through the queue (a worker polls it): on a busy machine it takes seconds.
    timeoutMs = 20_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((mail) => mail.to.includes(to) && predicate(mail));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor,
    /** Forgets the mails received so far. */
    clear: () => mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP server that takes connections and never says a word: a send in progress hangs until the
 * client's greeting timeout, which is how a test holds a mail in the middle of its delivery.
 */
export async function startSilentSmtp(port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    /** How many clients are waiting for a greeting now. */
    waiting: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return match;
}

// Just enough MIME to read what nodemailer writes: headers, multipart/alternative, QP or base64.
export function parseMail(raw: string): Omit<CapturedMail, 'to'> {
  const [head = '', body = ''] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const parts = collectParts(headers, body);
  return {
    subject: decodeWords(headers.subject ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    raw,
  };
}

function splitHeadBody(raw: string): [string, string] {
  const index = raw.search(/\r?\n\r?\n/);
  if (index < 0) return [raw, ''];
  return [raw.slice(0, index), raw.slice(index).replace(/^\r?\n\r?\n/, '')];
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function collectParts(
  headers: Record<string, string>,
  body: string,
): Array<{ type: string; content: string }> {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const [partHead, partBody] = splitHeadBody(chunk.replace(/^\r?\n/, ''));
        return collectParts(parseHeaders(partHead), partBody);
      });
  }
  return [{ type, content: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit') }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function decodeWords(value: string): string {
  // RFC 2047: the white space between two adjacent encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}
