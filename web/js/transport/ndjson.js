// @ts-check
// NDJSON (one JSON value per line), as the analysis and review endpoints stream it: a fetch
// body's chunks are split into lines (a line may be cut across chunks, a chunk may hold many
// lines, a multi-byte character may be cut too) and each line is read as JSON. A line that is
// not JSON is an NdjsonError naming its number. No DOM here.

export class NdjsonError extends Error {
  /**
   * @param {string} message
   * @param {number} line the 1-based number of the line that could not be read
   */
  constructor(message, line) {
    super(message);
    this.line = line;
  }
}

/** Splits text fed in pieces into whole lines; what follows the last newline waits for more. */
export class LineSplitter {
  constructor() {
    this.rest = '';
  }

  /**
   * Takes the next piece of text and gives the lines it completes (without their newlines;
   * a `\r` before a newline is dropped).
   * @param {string} text
   * @returns {string[]}
   */
  push(text) {
    const parts = (this.rest + text).split('\n');
    this.rest = /** @type {string} */ (parts.pop());
    return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  }

  /**
   * The last line, when the text did not end with a newline ('' when it did).
   * @returns {string}
   */
  end() {
    const last = this.rest.endsWith('\r') ? this.rest.slice(0, -1) : this.rest;
    this.rest = '';
    return last;
  }
}

/**
 * Reads one line as JSON; blank lines are skipped (null).
 * @param {string} line
 * @param {number} number the line's 1-based number, for the error
 * @returns {unknown}
 */
export function parseLine(line, number) {
  if (!line.trim()) return null;
  try {
    return JSON.parse(line);
  } catch (e) {
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    throw new NdjsonError(`Line ${number} of the server's answer is not JSON: ${shown}`, number);
  }
}

/**
 * The JSON values of an NDJSON body, one per line, as they arrive.
 * @param {ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>} body
 * @returns {AsyncGenerator<any, void, undefined>}
 */
export async function* ndjsonValues(body) {
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  let number = 0;
  for await (const chunk of chunksOf(body)) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (const line of lines.push(text)) {
      const value = parseLine(line, ++number);
      if (value !== null) yield value;
    }
  }
  const tail = lines.push(decoder.decode()).concat([lines.end()]);
  for (const line of tail) {
    if (!line) continue;
    const value = parseLine(line, ++number);
    if (value !== null) yield value;
  }
}

/**
 * The chunks of a body: a ReadableStream read with its reader (released at the end, and
 * cancelled when the reading stops early), or any async iterable.
 * @param {ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>} body
 * @returns {AsyncGenerator<Uint8Array | string, void, undefined>}
 */
async function* chunksOf(body) {
  if (!('getReader' in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      if (value) yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
