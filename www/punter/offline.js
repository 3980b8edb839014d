// The offline protocol's handshake, inside a program's worker (www/program-worker.js): once the
// program has written its whole `n:{"me": name}` and reads stdin, it is sent `n:{"you": name}`
// and the request (`data.request`), once; after that, end of input. Its answer is whole at the end
// of the next frame (`answered`): the run stops there, as the CLI stops reading. The answer is
// then read by the engine (`offlineAnswer`), as the CLI reads it. `data` is the run's own copy.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The `n:` frames of `output` as [start, end] of their JSON text, as far as they are whole. */
function frames(output) {
  const whole = [];
  let at = 0;
  for (;;) {
    let colon = at;
    while (colon < output.length && colon - at <= 12 && output[colon] !== 58) colon += 1;
    if (colon >= output.length || output[colon] !== 58) return whole;
    const digits = decoder.decode(output.subarray(at, colon)).trim();
    if (!/^\d+$/.test(digits)) return whole;
    const end = colon + 1 + Number(digits);
    if (output.length < end) return whole;
    whole.push([colon + 1, end]);
    at = end;
  }
}

const frame = (text) => {
  const bytes = encoder.encode(text);
  const head = encoder.encode(`${bytes.length}:`);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head);
  out.set(bytes, head.length);
  return out;
};

/** The next bytes of the program's stdin: the handshake's answer and the request, once. */
export function reply(output, data) {
  if (data.sent) return null;
  const [first] = frames(output);
  if (!first) return null;
  let name;
  try {
    name = JSON.parse(decoder.decode(output.subarray(first[0], first[1])))?.me;
  } catch {
    return null;
  }
  if (typeof name !== 'string') return null;
  data.sent = true;
  const you = frame(JSON.stringify({ you: name }));
  const req = frame(data.request);
  const out = new Uint8Array(you.length + req.length);
  out.set(you);
  out.set(req, you.length);
  return out;
}

/** Whether the answer is whole: a frame after the handshake (a stop message wants none). */
export function answered(output, data) {
  return data.sent && data.answers && frames(output).length >= 2;
}
