// `npm run bench:chat` (issue 15): chat fan-out to one room. In one run, on loopback, the same
// number of clients (BENCH_CLIENTS, 5,000) spread over BENCH_CLIENT_PROCESSES (4) child processes
// receive a message published at a fixed rate (BENCH_RATE, 5/s, for BENCH_SECONDS, 20 s), each
// stamped with its send time, from:
//   1. a bare `ws` server that writes every message to every socket (the baseline);
//   2. a Socket.IO server broadcasting to one room (`io.to(room).emit`);
//   3. two Socket.IO nodes joined through the Redis adapter (REDIS_URL, redis://127.0.0.1:6379),
//      the room split evenly across them and the publisher on the first (skipped if Redis does
//      not answer).
// Clients use the websocket transport only (no HTTP long-polling upgrade): that is what the
// gateway offers browsers and TVs, and it keeps the comparison with bare `ws` about framing and
// fan-out alone. Prints p50/p99 receive latency, messages delivered per second, server RSS per
// connection, and the Socket.IO / ws ratio (goal: p99 ≤ 250 ms and ≤ 2× ws).
// Every process here is this file: BENCH_CHAT_ROLE=ws-server | io-server | client.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { io as connectIo, type Socket as IoClient } from 'socket.io-client';
import { WebSocket, WebSocketServer } from 'ws';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Connections a client process opens at once; more would overrun the listen backlog. */
const CONNECT_BATCH = 50;
/** How long the last message may take to arrive; later ones count as not delivered. */
const DRAIN_MS = 3000;
const ROOM = 'live:bench';
const TEXT = 'a chat line of ordinary length, about the size of what people type during a match';

type Kind = 'ws' | 'io';
type ChatMessage = { seq: number; sentAt: number; user: string; text: string };
/** Messages between this driver and its children, over the fork IPC channel. */
type Report =
  | { type: 'listening'; port: number }
  | { type: 'memory'; rss: number }
  | { type: 'connected' }
  | { type: 'latencies'; received: number; latencies: number[] };

/** Every child still running, killed if the driver stops early, so none outlives it. */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

const role = process.env.BENCH_CHAT_ROLE;
if (role === 'ws-server') await serveWs();
else if (role === 'io-server') await serveIo();
else if (role === 'client') await runClients();
else await drive();

// ---------- servers ----------

function reportMemoryOnRequest() {
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'memory') return;
    globalThis.gc?.();
    send({ type: 'memory', rss: process.memoryUsage().rss });
  });
}

async function serveWs() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (socket, request) => {
    if (!request.url?.includes('publisher')) return;
    // The same frame to every socket but the publisher's: what any broadcast has to do at least.
    socket.on('message', (data) => {
      for (const client of wss.clients) if (client !== socket) client.send(data, { binary: false });
    });
  });
  reportMemoryOnRequest();
  send({ type: 'listening', port: (wss.address() as { port: number }).port });
}

async function serveIo() {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  if (process.env.BENCH_REDIS_KEY) {
    const pub = new Redis(REDIS_URL);
    io.adapter(createAdapter(pub, pub.duplicate(), { key: process.env.BENCH_REDIS_KEY }));
  }
  io.on('connection', (socket) => {
    if (socket.handshake.auth.publisher) {
      socket.on('chat', (message: ChatMessage) => void io.to(ROOM).emit('chat', message));
    } else {
      void socket.join(ROOM);
    }
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  reportMemoryOnRequest();
  send({ type: 'listening', port: (http.address() as { port: number }).port });
}

// ---------- clients ----------

async function runClients() {
  const kind = process.env.BENCH_KIND as Kind;
  const ports = process.env.BENCH_PORTS!.split(',').map(Number);
  const count = Number(process.env.BENCH_COUNT);
  const latencies: number[] = [];
  const onMessage = (message: ChatMessage) => latencies.push(Date.now() - message.sentAt);
  const sockets: Array<WebSocket | IoClient> = [];
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - first) }, (_, i) =>
      connect(kind, ports[(first + i) % ports.length]!, onMessage),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  send({ type: 'connected' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  for (const socket of sockets) socket.close();
  // A large report is still being written when send returns: disconnect only once it is out.
  process.send!({ type: 'latencies', received: latencies.length, latencies } satisfies Report, () =>
    process.disconnect(),
  );
}

async function connect(kind: Kind, port: number, onMessage: (m: ChatMessage) => void) {
  if (kind === 'ws') {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
    socket.on('message', (data) => onMessage(JSON.parse(String(data)) as ChatMessage));
    await once(socket, 'open');
    return socket;
  }
  const socket = connectIo(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  socket.on('chat', onMessage);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

// ---------- driver ----------

type Run = {
  name: string;
  connections: number;
  sent: number;
  received: number;
  seconds: number;
  p50: number;
  p99: number;
  rssPerConnectionKiB: number;
};

async function drive() {
  console.log(
    `chat fan-out: ${CLIENTS} clients in ${CLIENT_PROCESSES} processes, ${RATE} msg/s for ${SECONDS} s, websocket transport only`,
  );
  const runs = [
    await measure('ws broadcast (baseline)', 'ws', 1),
    await measure('Socket.IO room, 1 node', 'io', 1),
  ];
  if (await redisAnswers()) runs.push(await measure('Socket.IO room, 2 nodes + Redis adapter', 'io', 2));
  else console.log(`\nRedis at ${REDIS_URL} does not answer: the 2-node run is skipped.`);

  const [ws, io] = runs as [Run, Run];
  console.log(
    '\n| server | connections | messages/s delivered | p50 (ms) | p99 (ms) | RSS per connection (KiB) | not delivered within 3 s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) {
    const expected = r.sent * r.connections;
    console.log(
      `| ${r.name} | ${r.connections} | ${Math.round(r.received / r.seconds)} | ${r.p50} | ${r.p99} | ${r.rssPerConnectionKiB.toFixed(1)} | ${expected - r.received} |`,
    );
  }
  const ratio = io.p99 / Math.max(ws.p99, 1);
  const pass = io.p99 <= 250 && ratio <= 2;
  console.log(
    `\nSocket.IO / ws p99: ${ratio.toFixed(2)} (goal ≤ 2), Socket.IO p99 ${io.p99} ms (goal ≤ 250): ${pass ? 'met' : 'NOT met'}`,
  );
}

async function measure(name: string, kind: Kind, nodes: number): Promise<Run> {
  console.log(`\n${name} …`);
  const redisKey = nodes > 1 ? `bench-chat-${process.pid}` : undefined;
  const servers = await Promise.all(
    Array.from({ length: nodes }, () =>
      start(kind === 'ws' ? 'ws-server' : 'io-server', redisKey ? { BENCH_REDIS_KEY: redisKey } : {}),
    ),
  );
  const ports = servers.map((s) => s.port);
  const idle = await Promise.all(servers.map((s) => memory(s.child)));

  const perProcess = Math.ceil(CLIENTS / CLIENT_PROCESSES);
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, i) => {
    const count = Math.min(perProcess, CLIENTS - i * perProcess);
    // Each process spreads its sockets over all nodes, so the room is split evenly.
    return spawnSelf('client', {
      BENCH_KIND: kind,
      BENCH_PORTS: ports.join(','),
      BENCH_COUNT: String(count),
    });
  });
  const connectStart = Date.now();
  await Promise.all(clients.map((c) => nextReport(c, 'connected')));
  console.log(`  ${CLIENTS} clients connected in ${((Date.now() - connectStart) / 1000).toFixed(1)} s`);
  const loaded = await Promise.all(servers.map((s) => memory(s.child)));
  const rssPerConnectionKiB = loaded.reduce((sum, rss, i) => sum + rss - idle[i]!, 0) / CLIENTS / 1024;

  const publisher = await publish(kind, ports[0]!);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  publisher.close();
  const sent = publisher.sent;
  const reports = await Promise.all(
    clients.map((c) => {
      const report = nextReport(c, 'latencies');
      c.send({ type: 'report' });
      return report;
    }),
  );
  await Promise.all(clients.map((c) => (c.exitCode === null ? once(c, 'exit') : undefined)));
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => (s.child.exitCode === null ? once(s.child, 'exit') : undefined)));

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const received = reports.reduce((sum, r) => sum + r.received, 0);
  const run = {
    name,
    connections: CLIENTS,
    sent,
    received,
    seconds: SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rssPerConnectionKiB,
  };
  console.log(
    `  sent ${sent}, received ${received} of ${sent * CLIENTS}, p50 ${run.p50} ms, p99 ${run.p99} ms`,
  );
  return run;
}

/**
 * Sends RATE messages a second for SECONDS from one publisher socket. The socket stays open until
 * the caller closes it: closing at once could drop the last message still in the client's buffer.
 */
async function publish(kind: Kind, port: number) {
  const total = RATE * SECONDS;
  const message = (seq: number): ChatMessage => ({ seq, sentAt: Date.now(), user: 'publisher', text: TEXT });
  let emit: (m: ChatMessage) => void;
  let close: () => void;
  if (kind === 'ws') {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/publisher`);
    await once(socket, 'open');
    emit = (m) => socket.send(JSON.stringify(m));
    close = () => socket.close();
  } else {
    const socket = connectIo(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { publisher: true },
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    emit = (m) => socket.emit('chat', m);
    close = () => socket.close();
  }
  const start = Date.now();
  for (let seq = 0; seq < total; seq++) {
    // Fixed schedule from the start, so a slow tick does not stretch the run.
    const due = start + (seq * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    emit(message(seq));
  }
  return { sent: total, close };
}

function spawnSelf(role: string, env: Record<string, string>, execArgv: string[] = []) {
  const child = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env, BENCH_CHAT_ROLE: role },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Starts a server; it runs with --expose-gc so its memory is read after a collection. */
function start(role: string, env: Record<string, string>) {
  const child = spawnSelf(role, env, ['--expose-gc']);
  return nextReport(child, 'listening').then((r) => ({ child, port: r.port }));
}

function memory(child: ChildProcess) {
  const report = nextReport(child, 'memory');
  child.send({ type: 'memory' });
  return report.then((r) => r.rss);
}

function nextReport<T extends Report['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<Report, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Report) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as Extract<Report, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`a ${type} report never came: the child exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function redisAnswers() {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
}

function send(report: Report) {
  process.send!(report);
}
