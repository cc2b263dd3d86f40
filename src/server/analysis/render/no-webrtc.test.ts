/**
 * WebRTC in a rendered page (no-webrtc.ts). A page asks for a STUN and a TURN server on a UDP
 * listener of ours, and opens two peer connections to each other (host candidates, which no
 * listener sees: the page reports what it gathered). It then tells the probe site what it found
 * (`/done?report=`); until then it keeps a request open (`/hold`), so the renderer reads it only
 * once its attempt is over. Rendered by the audit's renderer, the page finds no WebRTC anywhere;
 * in Chromium as the renderer launches it but without the page-level removal (as if a script had
 * got WebRTC back), it gathers nothing and sends nothing.
 */
import dgram from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawledPage } from '../types.ts';
import { findChromium } from './chromium.ts';
import { createRenderer, RENDERING_FLAGS } from './renderer.ts';

/** How long the listener is given, once the page is done, for a packet still on its way. */
const LISTENER_WINDOW_MS = 2_000;

type Attempt = { complete: boolean; candidates: string[] };
type PageReport = {
  interfaces: Record<string, string>;
  /** typeof RTCPeerConnection in a frame the page creates, and in a worker it starts */
  frame: string;
  worker: string;
  /** with the STUN and TURN servers; null when the page found no RTCPeerConnection to try */
  servers: Attempt | null;
  /** two peer connections in the page, offer and answer exchanged, with a data channel */
  pair: (Attempt & { connected: boolean }) | null;
  error?: string;
};

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

type UdpListener = { port: number; packets: string[]; packetWithin(ms: number): Promise<void> };

/** A UDP socket on 127.0.0.1 naming what it receives (STUN and TURN requests by their type). */
async function udpListener(): Promise<UdpListener> {
  const socket = dgram.createSocket('udp4');
  const packets: string[] = [];
  const types: Record<number, string> = { 1: 'STUN binding request', 3: 'TURN allocate request' };
  socket.on('message', (message, from) => {
    const type = message.readUInt16BE(0);
    packets.push(`${types[type] ?? `type 0x${type.toString(16)}`} from ${from.address}:${from.port}`);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return {
    port: socket.address().port,
    packets,
    packetWithin: (ms) =>
      new Promise((resolve) => {
        if (packets.length > 0) return resolve();
        const timer = setTimeout(resolve, ms);
        socket.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

type ProbeSite = { url: string; report: Promise<PageReport>; reported(): PageReport | null };

/** Serves the page; answers `/hold` once the page has reported on `/done`. */
async function probeSite(html: string): Promise<ProbeSite> {
  let received: PageReport | null = null;
  let deliver!: (report: PageReport) => void;
  const report = new Promise<PageReport>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://probe');
    if (url.pathname === '/hold') {
      void report.then(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    } else if (url.pathname === '/done') {
      received = JSON.parse(url.searchParams.get('report') ?? 'null') as PageReport;
      deliver(received);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  closers.push(() => server.closeAllConnections());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, report, reported: () => received };
}

/** The page: every way it knows to a peer connection, and what each gave. */
function probeHtml(udpPort: number): string {
  return `<!doctype html><html><head><title>Probe</title></head><body><main id="root"></main><script>
const iceServers = [
  { urls: 'stun:127.0.0.1:${udpPort}' },
  { urls: 'turn:127.0.0.1:${udpPort}?transport=udp', username: 'probe', credential: 'secret' },
];
fetch('/hold').catch(() => {});

function gathered(connection) {
  return new Promise((resolve) => {
    const candidates = [];
    const timer = setTimeout(() => resolve({ complete: false, candidates }), 5000);
    connection.addEventListener('icecandidate', (event) => {
      if (event.candidate) return candidates.push(event.candidate.candidate);
      clearTimeout(timer);
      resolve({ complete: true, candidates });
    });
  });
}

async function withServers(Peer) {
  const connection = new Peer({ iceServers });
  const gathering = gathered(connection);
  connection.createDataChannel('probe');
  await connection.setLocalDescription(await connection.createOffer());
  const result = await gathering;
  connection.close();
  return result;
}

async function pair(Peer) {
  const [a, b] = [new Peer(), new Peer()];
  a.addEventListener('icecandidate', (event) => event.candidate && b.addIceCandidate(event.candidate).catch(() => {}));
  b.addEventListener('icecandidate', (event) => event.candidate && a.addIceCandidate(event.candidate).catch(() => {}));
  const gatherings = [gathered(a), gathered(b)];
  const channel = a.createDataChannel('pair');
  const opened = new Promise((resolve) => {
    channel.onopen = () => resolve(true);
    a.onconnectionstatechange = () => a.connectionState === 'failed' && resolve(false);
  });
  await a.setLocalDescription();
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription();
  await a.setRemoteDescription(b.localDescription);
  const [ofA, ofB] = await Promise.all(gatherings);
  const connected = await Promise.race([opened, new Promise((resolve) => setTimeout(() => resolve(false), 2000))]);
  a.close();
  b.close();
  return { complete: ofA.complete && ofB.complete, candidates: [...ofA.candidates, ...ofB.candidates], connected };
}

function inWorker() {
  return new Promise((resolve) => {
    const source = 'postMessage(typeof RTCPeerConnection)';
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = () => resolve('the worker failed');
  });
}

async function probe() {
  const names = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate'];
  const interfaces = Object.fromEntries(names.map((name) => [name, typeof window[name]]));
  interfaces['navigator.mediaDevices'] = typeof navigator.mediaDevices;
  interfaces['navigator.getUserMedia'] = typeof navigator.getUserMedia;
  // A fresh frame is a fresh window, with interfaces of its own.
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const Peer = window.RTCPeerConnection ?? window.webkitRTCPeerConnection ?? frame.contentWindow.RTCPeerConnection;
  const report = { interfaces, frame: typeof frame.contentWindow.RTCPeerConnection, worker: await inWorker() };
  report.servers = Peer ? await withServers(Peer) : null;
  report.pair = Peer ? await pair(Peer) : null;
  return report;
}

probe()
  .catch((error) => ({ error: String(error) }))
  .then((report) => fetch('/done?report=' + encodeURIComponent(JSON.stringify(report))));
</script></body></html>`;
}

function crawled(url: string, html: string): CrawledPage {
  return {
    url,
    finalUrl: url,
    status: 200,
    headers: {},
    contentType: 'text/html',
    html,
    redirects: [],
    fetchMs: 1,
    bytes: html.length,
  };
}

describe('WebRTC in a rendered page', () => {
  it('is not there: not in the page, a fresh frame or a worker, and no packet reaches the STUN or TURN server', async () => {
    const listener = await udpListener();
    const html = probeHtml(listener.port);
    const site = await probeSite(html);
    const renderer = createRenderer({ allowLoopback: true, timeoutMs: 20_000 });
    closers.push(() => renderer.close());

    const outcome = await renderer.render(crawled(`${site.url}/`, html), new AbortController().signal);
    await listener.packetWithin(LISTENER_WINDOW_MS);

    expect({ packets: listener.packets, report: site.reported(), status: outcome.rendering.status }).toEqual({
      packets: [],
      report: {
        interfaces: {
          RTCPeerConnection: 'undefined',
          webkitRTCPeerConnection: 'undefined',
          RTCDataChannel: 'undefined',
          RTCSessionDescription: 'undefined',
          RTCIceCandidate: 'undefined',
          'navigator.mediaDevices': 'undefined',
          'navigator.getUserMedia': 'undefined',
        },
        frame: 'undefined',
        worker: 'undefined',
        servers: null,
        pair: null,
      },
      status: 'rendered',
    });
  }, 40_000);

  it('got back by a script, still gathers no candidate, connects nothing and sends no packet: Chromium keeps it off the network', async () => {
    const listener = await udpListener();
    const site = await probeSite(probeHtml(listener.port));
    const binary = await findChromium();
    if (!binary) throw new Error('no Chromium to test with');
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: binary.executablePath,
      args: RENDERING_FLAGS,
      env: binary.env ? { ...process.env, ...binary.env } : undefined,
    });
    closers.push(() => browser.close());
    // The renderer's Chromium in a context without the page-level removal: the page has WebRTC.
    // Its requests are answered from here (Chromium itself has no route to the probe site).
    const context = await browser.newContext();
    await context.route('**/*', async (route) => {
      await route.fulfill({ response: await route.fetch() }).catch(() => {});
    });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);

    const report = await site.report;
    await listener.packetWithin(LISTENER_WINDOW_MS);

    expect({ packets: listener.packets, report }).toEqual({
      packets: [],
      report: expect.objectContaining({
        frame: 'function',
        servers: { complete: true, candidates: [] },
        pair: { complete: true, candidates: [], connected: false },
      }),
    });
    expect(report.interfaces.RTCPeerConnection).toBe('function');
  }, 40_000);
});
