// A free port for a process started a few seconds later (the launcher's services, a test's stack).
// CommonJS so that the browser tests' stack helper (run inside jest, which cannot import ESM there)
// and the launcher share it.
const { readFileSync } = require('node:fs');
const net = require('node:net');

/**
 * The lowest port the kernel hands out to outgoing connections (Linux: 32768 unless configured).
 * A port picked from the ephemeral range and bound a few seconds later can meanwhile become the
 * source port of a connection to Postgres or NATS: the service then fails with EADDRINUSE on every
 * restart. Below that range only listeners take ports.
 */
function ephemeralPortsStart() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** `preferred` when it is free, else a free port below the ephemeral range (any free port when that range starts too low). */
async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address();
        server.close(() => resolve(got));
      });
    });
  if (preferred && (await tryPort(preferred))) return preferred;
  const low = 10_000;
  const high = ephemeralPortsStart() - 1;
  for (let attempt = 0; high - low > 1_000 && attempt < 20; attempt++) {
    const port = await tryPort(low + Math.floor(Math.random() * (high - low)));
    if (port) return port;
  }
  return tryPort(0);
}

module.exports = { freePort };
