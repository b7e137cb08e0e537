#!/usr/bin/env node
// The processes of a stack started by `npm start`, read from /proc (Linux): what each one is, its
// memory (PSS: shared pages divided among the processes sharing them, so the sum is what the stack
// costs the machine) and its CPU time. The load benchmark prints them before and after its run;
// alone it prints the stack's memory now:
//
//   node bench/load/stack-processes.mjs [port]     the stack whose gateway listens on port (8080)
//
// The stack is found from the gateway's listening socket: the launcher above it (scripts/start.mjs)
// and `npm start` above that, and everything below: the launcher's watchdog, Postgres with its
// backends, nats-server, every service and the gateway.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ticksPerSecond = 100;

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** utime, stime, cutime, cstime (seconds) and the parent of one process, or undefined once gone. */
function statOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (i) => Number(fields[i]) / ticksPerSecond;
  return { ppid: Number(fields[1]), cpu: seconds(11) + seconds(12), reapedChildrenCpu: seconds(13) + seconds(14) };
}

function commandOf(pid) {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
}

/** The pid listening on a TCP port of this machine, if one of ours. */
function listenerOf(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // st 0A is LISTEN.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  for (const pid of pids()) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[') && inodes.has(link.slice(8, -1))) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/** What a process of the stack is, in the words of the launcher's log. */
function labelOf(argv) {
  const line = argv.join(' ');
  const script = argv.find((a) => a.endsWith('.js') || a.endsWith('.mjs'));
  if (argv[0] === 'npm' || line.startsWith('npm ')) return 'npm start';
  if (line.includes('scripts/watchdog.sh')) return 'watchdog';
  if (argv[0] === 'sh' || argv[0] === '/bin/sh') return 'sh (npm)';
  if (script?.endsWith('scripts/start.mjs')) return 'launcher';
  const service = script?.match(/(?:services|apps)\/([^/]+)\/dist\/main\.js$/);
  if (service) return service[1];
  if (/nats-server$/.test(argv[0] ?? '')) return 'nats-server';
  if (/\/postgres$/.test(argv[0] ?? '')) return 'postgres';
  // A backend names its database user (our services' roles) first, then where the client is:
  // "postgres: practice postgres 127.0.0.1(…) idle", or "… [local] idle" over the Unix socket.
  const backend = line.match(/^postgres: (\S+) \S+ (?:[\d.:]+\(\d+\)|\[local\])/);
  if (backend) return `postgres: ${backend[1]}`;
  if (line.startsWith('postgres: ')) return 'postgres: workers';
  return path.basename(argv[0] ?? '?');
}

/**
 * The stack around the process listening on `port`: the top of it (`npm start` or the launcher)
 * and a function listing every process below it now.
 */
export function findStack(port) {
  const gateway = listenerOf(port);
  if (!gateway) return undefined;
  let top = gateway;
  for (let pid = statOf(gateway)?.ppid; pid && pid > 1; pid = statOf(pid)?.ppid) {
    const label = labelOf(commandOf(pid));
    if (!['launcher', 'npm start', 'sh (npm)'].includes(label)) break;
    top = pid;
  }
  return { top, processes: () => descendants(top) };
}

function descendants(top) {
  const parent = new Map(pids().map((pid) => [pid, statOf(pid)?.ppid]));
  const inStack = (pid) => {
    for (let p = pid; p && p > 1; p = parent.get(p)) if (p === top) return true;
    return false;
  };
  return [...parent.keys()].filter(inStack);
}

/** PSS in kB of one process (smaps_rollup), or 0 once gone. */
function pssOf(pid) {
  const match = (read(`/proc/${pid}/smaps_rollup`) ?? '').match(/^Pss:\s+(\d+) kB/m);
  return match ? Number(match[1]) : 0;
}

/**
 * One reading of every process: label, PSS (kB) and CPU seconds so far. Postgres counts the
 * backends that ended (its reaped children's CPU), so a connection closed during a run is not lost.
 */
export function snapshot(stack) {
  return stack.processes().map((pid) => {
    const argv = commandOf(pid);
    const label = labelOf(argv);
    const stat = statOf(pid) ?? { cpu: 0, reapedChildrenCpu: 0 };
    return { pid, label, pssKb: pssOf(pid), cpu: stat.cpu + (label === 'postgres' ? stat.reapedChildrenCpu : 0) };
  });
}

/** Per label: processes, PSS (MB), and with `before`, the CPU seconds spent since. */
export function byLabel(now, before) {
  const cpuBefore = new Map((before ?? []).map((p) => [p.pid, p.cpu]));
  const rows = new Map();
  for (const p of now) {
    const row = rows.get(p.label) ?? { label: p.label, count: 0, pssMb: 0, cpu: 0 };
    row.count += 1;
    row.pssMb += p.pssKb / 1024;
    row.cpu += p.cpu - (cpuBefore.get(p.pid) ?? 0);
    rows.set(p.label, row);
  }
  return [...rows.values()].sort((a, b) => b.pssMb - a.pssMb);
}

export const totalPssMb = (readings) => readings.reduce((mb, p) => mb + p.pssKb / 1024, 0);

/**
 * The stack's memory idle (`idle`) and at the end (`end`) per kind of process, with the CPU each
 * spent from `start` to `end` (`seconds` apart).
 */
export function printStack({ idle, start, end, seconds }) {
  const idleRows = new Map(byLabel(idle).map((r) => [r.label, r]));
  const endRows = byLabel(end, start);
  const mb = (n) => (n === undefined ? '-' : n.toFixed(1)).padStart(9);
  console.log(
    `\n${'process'.padEnd(22)} ${'count'.padStart(5)} ${'idle MB'.padStart(9)} ${'end MB'.padStart(9)} ${'CPU s'.padStart(7)} ${'CPU %'.padStart(6)}`,
  );
  for (const r of endRows) {
    console.log(
      `${r.label.padEnd(22)} ${String(r.count).padStart(5)} ${mb(idleRows.get(r.label)?.pssMb)} ${mb(r.pssMb)} ${r.cpu.toFixed(1).padStart(7)} ${((100 * r.cpu) / seconds).toFixed(0).padStart(6)}`,
    );
  }
  const cpu = endRows.reduce((sum, r) => sum + r.cpu, 0);
  console.log(
    `${'stack'.padEnd(22)} ${String(end.length).padStart(5)} ${mb(totalPssMb(idle))} ${mb(totalPssMb(end))} ${cpu.toFixed(1).padStart(7)} ${((100 * cpu) / seconds).toFixed(0).padStart(6)}`,
  );
  console.log(`(PSS: pages shared by several processes divided among them; CPU over the ${seconds} s run, 100 % = one core)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8080);
  const stack = findStack(port);
  if (!stack) {
    console.error(`nothing of ours listens on port ${port}`);
    process.exit(2);
  }
  const now = snapshot(stack);
  const mb = (n) => n.toFixed(1).padStart(9);
  console.log(`${'process'.padEnd(22)} ${'count'.padStart(5)} ${'PSS MB'.padStart(9)} ${'CPU s'.padStart(9)}`);
  for (const r of byLabel(now)) console.log(`${r.label.padEnd(22)} ${String(r.count).padStart(5)} ${mb(r.pssMb)} ${mb(r.cpu)}`);
  console.log(`${'stack'.padEnd(22)} ${String(now.length).padStart(5)} ${mb(totalPssMb(now))}`);
}
