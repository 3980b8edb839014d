// A contest program's worker (www/program-run.js starts one per seat): one run at a time, each
// a fresh instance of the program's module on the arcade's WASI layer (www/wasi.js). What the
// program writes leaves while it runs — at most every POST_MS, or at once when POST_BYTES are
// waiting — so a caller that stops this worker at the time limit keeps what was printed before.
// The worker cannot post while the program computes: it posts from inside the program's own
// calls (any WASI call, a clock read included), so output written in the last POST_MS before a
// program loops without calling out is lost when it is stopped.
import { Wasi, STDERR_KEPT } from './wasi.js';
import { serveRpc } from './worker-rpc.js';

const POST_MS = 50;
const POST_BYTES = 64 << 10;
/** Conversation modules by URL (a Promise of the module each), imported once. */
const conversations = new Map();

/** The conversation hook of `{ url, data }`: the module's `reply(stdoutSoFar, data)`. */
async function conversationOf({ url, data }) {
  const href = new URL(url, self.location.href);
  if (href.origin !== self.location.origin) throw new Error(`the conversation module ${href} is not the page's own`);
  if (!conversations.has(href.href)) conversations.set(href.href, import(href.href));
  const { reply, answered } = await conversations.get(href.href);
  if (typeof reply !== 'function') throw new Error(`the conversation module ${href} exports no reply function`);
  // `data` is this run's own copy: a module may note in it what it has sent.
  return { reply: (stdout) => reply(stdout, data), answered: answered && ((stdout) => answered(stdout, data)) };
}

/**
 * One run: { module, args, env, seed, stdin, conversation, maxStdout, maxStderr } →
 * { out, err, exit, error, memoryBytes }. `ctx.progress({ out, err })` carries output as it is
 * written: `out` the stdout bytes since the last post, `err` the new stderr bytes (their last
 * STDERR_KEPT at most); the answer carries what was not posted yet, the same way.
 */
async function run(m, ctx) {
  const talk = m.conversation ? await conversationOf(m.conversation) : null;
  const conversation = talk?.reply ?? null;
  // Where the answer is whole: the conversation says, or the first line ends (our protocol).
  const answered = talk?.answered ?? (m.untilLine ? (out) => out.includes(10) : null);
  let wasi = null;
  let posted = 0;
  let postedErr = 0;
  let lastPost = -Infinity;
  const unposted = () => {
    const out = wasi.stdout.bytes.slice(posted);
    const errEnd = wasi.stderr.length;
    const err = wasi.stderr.bytes.slice(Math.max(postedErr, errEnd - STDERR_KEPT));
    posted = wasi.stdout.length;
    postedErr = errEnd;
    return { out, err };
  };
  const onCall = () => {
    const waiting = wasi.stdout.length - posted + wasi.stderr.length - postedErr;
    if (waiting === 0) return;
    const now = performance.now();
    if (waiting >= POST_BYTES || now - lastPost >= POST_MS) {
      lastPost = now;
      ctx.progress(unposted());
    }
  };
  wasi = new Wasi({ ...m, conversation, answered, onCall });
  let instance;
  try {
    instance = new WebAssembly.Instance(m.module, wasi.imports);
  } catch (e) {
    return { ...unposted(), exit: null, error: `the program could not start: ${e?.message ?? e}`, memoryBytes: 0 };
  }
  const { exit, error, answered: whole } = wasi.start(instance);
  return { ...unposted(), exit, error, answered: Boolean(whole), memoryBytes: instance.exports.memory.buffer.byteLength };
}

serveRpc({ hello: () => true, run });
