// Where user JavaScript runs: a process of its own, so that code which exhausts memory (V8's
// heap limit is fatal to its whole renderer process) crashes that process and not the page.
// The page keeps one sandboxed frame (www/user-frame.html: `sandbox="allow-scripts"`, an opaque
// origin, which Chromium puts in a renderer process apart from the page's); each user-code host
// (www/user-host.js) is a worker in that frame, and talks to its UserSession (www/user-code.js)
// over a MessagePort of its own, so calls never pass through the page's main thread.
//
// Only the page's main thread can make frames. `openUserHost()` works there and in a sandbox
// worker that the page lent its frames to (`lendUserHosts(worker)` on the page's side,
// `acceptUserHosts()` in the worker). A crashed frame is seen from the page: it loses its
// child frame (the page's view of it shows `length` 0), checked every POLL_MS; every host in it
// is then lost with OUT_OF_MEMORY, and the next host gets a fresh frame. All hosts of a page
// share that one process (Chromium groups sandboxed frames by site), so one host that exhausts
// memory ends the others that are open at that moment too; each of them says so.
import { freshNonce } from './worker-rpc.js';

/** Why a host is gone when its process crashed: the only thing user code can do to crash it. */
export const OUT_OF_MEMORY = 'ran out of memory: the sandbox running it crashed';

const FRAME = new URL('./user-frame.html', import.meta.url);
const HOST = new URL('./user-host.js', import.meta.url);
const POLL_MS = 100;
/** The frame ends once no host has been open for IDLE_MS (its process and memory with it). */
const IDLE_MS = 5000;
/** A frame that has not said it is up after START_MS is given up. */
const START_MS = 10000;

let hostSource = null; // the host's text, fetched once
let current = null; // the live frame: { el, up, queue, hosts: Map(id → lost(reason)), … }
let nextHost = 1;

/** The frame for new hosts, made when there is none. */
function frame() {
  if (current) return current;
  const el = document.createElement('iframe');
  el.setAttribute('sandbox', 'allow-scripts');
  el.setAttribute('aria-hidden', 'true');
  el.hidden = true;
  const f = { el, up: false, queue: [], hosts: new Map(), idle: null };
  const onMessage = (e) => {
    if (e.source !== el.contentWindow || e.data === null || typeof e.data !== 'object') return;
    if (e.data.type === 'up' && !f.up) {
      f.up = true;
      f.queue.splice(0).forEach(([m, transfer]) => el.contentWindow.postMessage(m, '*', transfer));
    } else if (e.data.type === 'failed') {
      lose(f, e.data.host, `the sandbox could not start: ${String(e.data.error).slice(0, 300)}`);
    }
  };
  const poll = setInterval(() => { if (f.up && el.contentWindow?.length !== 1) end(f, OUT_OF_MEMORY); }, POLL_MS);
  const late = setTimeout(() => {
    if (!f.up) end(f, 'the sandbox did not start (the server must send www/user-frame.html with its Content-Security-Policy header; ./play does)');
  }, START_MS);
  f.dispose = () => { clearInterval(poll); clearTimeout(late); clearTimeout(f.idle); removeEventListener('message', onMessage); el.remove(); };
  addEventListener('message', onMessage);
  el.src = FRAME.href;
  document.documentElement.append(el);
  current = f;
  return f;
}

function send(f, message, transfer = []) {
  if (f.up) f.el.contentWindow.postMessage(message, '*', transfer);
  else f.queue.push([message, transfer]);
}

/** The frame is gone (crashed, never started): every host in it is lost with `reason`. */
function end(f, reason) {
  if (current === f) current = null;
  f.dispose();
  const lost = [...f.hosts.values()];
  f.hosts.clear();
  lost.forEach((l) => l(reason));
}

function lose(f, host, reason) {
  const l = f.hosts.get(host);
  f.hosts.delete(host);
  l?.(reason);
}

/**
 * On the page: starts a host in the frame that answers on `port`; `lost(reason)` is called if
 * it is lost by itself. Returns the function that ends it.
 */
function openHere(port, lost) {
  const f = frame();
  clearTimeout(f.idle);
  const host = nextHost++;
  f.hosts.set(host, lost);
  hostSource ??= fetch(HOST).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${HOST.pathname}: HTTP ${r.status}`))));
  hostSource.then(
    (source) => { if (f.hosts.has(host)) send(f, { type: 'start', host, source, port }, [port]); },
    (e) => { hostSource = null; lose(f, host, `the sandbox could not start: ${e.message}`); },
  );
  return () => {
    if (!f.hosts.delete(host)) return;
    send(f, { type: 'stop', host });
    if (!f.hosts.size) f.idle = setTimeout(() => { if (!f.hosts.size && current === f) { current = null; f.dispose(); } }, IDLE_MS);
  };
}

// ---- a sandbox worker's side: hosts opened through the page ----
let lender = null; // the port to the page
const remote = new Map(); // host id → lost(reason)

/** In a sandbox worker: takes the page's port (`lendUserHosts`) from the first message carrying it. */
export function acceptUserHosts() {
  self.addEventListener('message', (e) => {
    if (e.data?.type !== 'user-hosts' || !(e.data.port instanceof MessagePort)) return;
    e.stopImmediatePropagation();
    lender = e.data.port;
    lender.onmessage = (ev) => {
      const m = ev.data;
      if (m?.type === 'lost') { remote.get(m.host)?.(m.reason); remote.delete(m.host); }
    };
  });
}

function openRemote(port, lost) {
  if (!lender) {
    queueMicrotask(() => lost('no sandbox for user code here (only the page and its sandbox workers have one)'));
    return () => {};
  }
  const host = freshNonce();
  remote.set(host, lost);
  lender.postMessage({ type: 'open', host, port }, [port]);
  return () => { if (remote.delete(host)) lender.postMessage({ type: 'close', host }); };
}

/**
 * On the page: lets `worker` (a sandbox worker that called `acceptUserHosts`) open hosts here.
 * Returns what to call when that worker ends: its hosts end with it.
 */
export function lendUserHosts(worker) {
  const { port1, port2 } = new MessageChannel();
  const open = new Map(); // host id → end
  port1.onmessage = (e) => {
    const m = e.data;
    if (m?.type === 'open' && m.port instanceof MessagePort) {
      open.set(m.host, openHere(m.port, (reason) => {
        open.delete(m.host);
        port1.postMessage({ type: 'lost', host: m.host, reason });
      }));
    } else if (m?.type === 'close') {
      open.get(m.host)?.();
      open.delete(m.host);
    }
  };
  worker.postMessage({ type: 'user-hosts', port: port2 }, [port2]);
  return () => {
    open.forEach((endHost) => endHost());
    open.clear();
    port1.close();
  };
}

/**
 * A user-code host, for WorkerRpc's `open`: an object that behaves as a worker (`postMessage`,
 * `onmessage`, `onerror` — with `lost`, the reason, when the host is lost by itself —,
 * `terminate`). Messages posted before the host is up wait in its port.
 */
export function openUserHost() {
  const { port1, port2 } = new MessageChannel();
  let ended = false;
  const host = {
    onmessage: null,
    onerror: null,
    postMessage: (m) => port1.postMessage(m),
    terminate: () => {
      if (ended) return;
      ended = true;
      port1.close();
      release();
    },
  };
  port1.onmessage = (e) => host.onmessage?.(e);
  const lost = (reason) => {
    if (ended) return;
    ended = true;
    port1.close();
    host.onerror?.({ lost: reason, message: reason, preventDefault() {} });
  };
  const release = typeof document === 'undefined' ? openRemote(port2, lost) : openHere(port2, lost);
  return host;
}
