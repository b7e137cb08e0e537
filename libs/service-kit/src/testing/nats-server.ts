import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { StartedServer } from './infrastructure';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A private nats-server (from PATH) with JetStream and the given configuration text (e.g. the kit's
 * natsAccountsConfig), for tests of what the server allows or of a server that stops answering
 * (`pause()`); stopped and removed by `stop()`.
 */
export async function startNatsServer(configuration = ''): Promise<StartedServer & { port: number; pause(): void; resume(): void }> {
  const binary = execFileSync('sh', ['-c', 'command -v nats-server || true']).toString().trim();
  if (!binary) throw new Error('this test starts its own nats-server: install it (Debian package nats-server; .ci/run does)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nats-test-'));
  const port = await freePort();
  const config = path.join(dir, 'nats.conf');
  writeFileSync(config, `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(path.join(dir, 'store'))} }\n${configuration}`);
  const child: ChildProcess = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    // SIGSTOP: the server keeps its connections open but answers nothing, as a wedged one would.
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
