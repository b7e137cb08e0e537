import net from 'node:net';

/** A TCP hop between a service and Postgres that a test can cut (refuse), freeze (accept, say nothing) and restore. */
export class DatabaseLink {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'pass' | 'freeze' = 'pass';

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A link on a free local port to the Postgres of `databaseUrl`, passing traffic. */
  static async open(databaseUrl: string): Promise<DatabaseLink> {
    const url = new URL(databaseUrl);
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const link = new DatabaseLink(port, { host: url.hostname, port: Number(url.port || 5432) });
    await link.restore();
    return link;
  }

  /** `databaseUrl` (same user, database) through this link. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  restore(): Promise<void> {
    this.mode = 'pass';
    if (this.server) return Promise.resolve();
    const server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.mode === 'freeze') return;
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('close', () => this.sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((r) => server.listen(this.port, '127.0.0.1', () => r()));
  }

  /** Postgres gone: open connections dropped, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((r) => server.close(r));
  }

  /** Postgres frozen: open connections dropped, new ones accepted and never answered. */
  freeze(): void {
    this.mode = 'freeze';
    for (const socket of this.sockets) socket.destroy();
  }
}
