import net from 'node:net';

/**
 * A TCP relay on loopback that a test can cut and restore, to take a server away from the app under test the way a
 * restart or a network failure does: open connections are dropped and new ones refused until it is restored.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Drops the next connection that sends anything, as it sends it (a server gone between two statements). */
  dropOnNextMessage(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let dropNext = false;

  const listen = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('data', (chunk: Buffer) => {
        if (dropNext) {
          dropNext = false;
          client.destroy();
          upstream.destroy();
        } else upstream.write(chunk);
      });
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as net.AddressInfo).port;
  };
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  };

  await listen();
  return { port, cut: stop, restore: listen, close: stop, dropOnNextMessage: () => (dropNext = true) };
}
