import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay between a test's client and a database server. It can cut every connection and
 * accept none (an outage that keeps the data), listen again on the same port (to another server
 * when given: the first one restarted empty), and stop reading what clients send (a server that hangs).
 */
export async function startTcpRelay(initialTarget: { host: string; port: number }) {
  let target = initialTarget;
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    clients.add(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        clients.delete(client);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  const listen = async (port: number) => {
    const server = net.createServer(relay);
    server.listen(port, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    return server;
  };
  let server = await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore(to?: { host: string; port: number }) {
      if (to) target = to;
      server = await listen(port);
    },
    stopReading() {
      for (const client of clients) {
        client.unpipe();
        client.pause();
      }
    },
    async close() {
      await this.cut();
    },
  };
}
