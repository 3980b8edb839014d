// The offline protocol's handshake, inside a program's worker (www/program-worker.js asks it
// when the program reads stdin and nothing is left): once the program has written its whole
// `n:{"me": name}`, it is sent `n:{"you": name}` and then the request; after that, end of input.
// The answer is read afterwards by the engine (`offlineAnswer`), as the CLI reads it.
const encoder = new TextEncoder();
const frame = (text) => {
  const bytes = encoder.encode(text);
  const head = encoder.encode(`${bytes.length}:`);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head);
  out.set(bytes, head.length);
  return out;
};

/** The name in the first whole `n:json` frame of `output`, or null (not there yet, or broken). */
function handshakeName(output) {
  const colon = output.indexOf(58); // ':'
  if (colon < 1 || colon > 12) return null;
  const digits = new TextDecoder().decode(output.subarray(0, colon)).trim();
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  if (output.length < colon + 1 + n) return null;
  try {
    const me = JSON.parse(new TextDecoder().decode(output.subarray(colon + 1, colon + 1 + n)))?.me;
    return typeof me === 'string' ? me : null;
  } catch {
    return null;
  }
}

/**
 * The next bytes of the program's stdin: the handshake's answer and the request (`request`, its
 * JSON text), once; `asked`: how many times this run asked before.
 */
export function reply(output, request, asked) {
  if (asked > 0) return null;
  const name = handshakeName(output);
  if (name === null) return null;
  const you = frame(JSON.stringify({ you: name }));
  const req = frame(request);
  const out = new Uint8Array(you.length + req.length);
  out.set(you);
  out.set(req, you.length);
  return out;
}
