import net from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL, to stage an outage without touching the PostgreSQL
 * that other test files share.
 *
 * - `restart()` acts like PostgreSQL restarting: every open connection drops, and new ones are
 *   refused (nothing listens on the port) until `up()`.
 * - `partition()` acts like a network partition: open connections drop, and new ones are accepted
 *   but never answered, so only the client's own timeouts end them.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private blackhole = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(port = 0): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    this.server = server;
    this.port = address.port;
    return this.port;
  }

  private accept(client: net.Socket) {
    this.track(client);
    if (this.blackhole) return; // held open, never forwarded, never answered
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => {}); // resets are the point of the exercise
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** How many connections the proxy holds (both sides counted). */
  get connections(): number {
    return this.sockets.size;
  }

  private dropAll() {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  async restart(): Promise<void> {
    const server = this.server;
    this.server = null;
    // Stop listening first (new connections are refused from here on), then drop the open ones:
    // close() calls back only once they are gone.
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    this.dropAll();
    await closed;
  }

  partition(): void {
    this.blackhole = true;
    this.dropAll();
  }

  /** Forwards again (on the same port). */
  async up(): Promise<void> {
    this.blackhole = false;
    for (const socket of this.sockets) socket.destroy(); // the partition's unanswered connections
    if (!this.server) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.restart();
  }
}
