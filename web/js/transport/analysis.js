// @ts-check
// The streaming client of the engine's analysis and the game review (POST /api/analysis and
// POST /api/review, docs/api.md): each answer is NDJSON, read line by line as it comes
// (transport/ndjson.js) and handed to the caller; `stop()` aborts the request, which stops the
// search on the server. A refusal before the stream (400/422/503 with `{"error"}`), an error
// line, a broken connection and a stream that ends without its `done` line all reject `done`
// with an ApiError in words. No DOM here.

import { ApiError } from './api.js';
import { ndjsonValues, NdjsonError } from './ndjson.js';

/** @typedef {import('../types.js').AnalysisRequest} AnalysisRequest */
/** @typedef {import('../types.js').AnalysisEvent} AnalysisEvent */
/** @typedef {import('../types.js').ReviewRequest} ReviewRequest */
/** @typedef {import('../types.js').ReviewEvent} ReviewEvent */

/**
 * A running stream: `done` settles once it is over (with its `done` line, or a `done` line of
 * reason "stopped" after `stop()`).
 * @template E
 * @typedef {object} Stream
 * @property {() => void} stop
 * @property {Promise<E>} done
 * @property {() => boolean} stopped
 */

/**
 * Posts a body and hands each line of the NDJSON answer to `onEvent` until the `done` line.
 * @template {{ type: string }} E
 * @param {string} path
 * @param {unknown} body
 * @param {(event: E) => void} onEvent
 * @param {typeof fetch} [fetchImpl]
 * @returns {Stream<E>}
 */
export function openStream(path, body, onEvent, fetchImpl = fetch) {
  const controller = new AbortController();
  let stopped = false;
  /** @type {E} */
  const stoppedEvent = /** @type {any} */ ({ type: 'done', reason: 'stopped' });
  const run = async () => {
    let res;
    try {
      res = await fetchImpl(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (e) {
      if (stopped) return stoppedEvent;
      throw new ApiError('The game server cannot be reached. Check the connection, then try again.', 0, 'unreachable');
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = `${res.status} ${res.statusText}`;
      let code = '';
      /** @type {Record<string, string | number>} */
      let args = {};
      try {
        const data = JSON.parse(text);
        if (data && data.error) message = data.error;
        if (data && data.code) code = data.code;
        if (data && data.args) args = data.args;
      } catch (e) {
        // not JSON: the status line says what happened
      }
      throw new ApiError(message, res.status, code, args);
    }
    if (!res.body) throw new ApiError('The server sent an empty answer.', res.status, 'empty_answer');
    try {
      for await (const event of ndjsonValues(res.body)) {
        if (stopped) return stoppedEvent;
        if (event && event.type === 'error') throw new ApiError(event.message || 'The engine stopped with an error.', res.status);
        onEvent(event);
        if (event && event.type === 'done') return event;
      }
    } catch (e) {
      if (stopped) return stoppedEvent;
      if (e instanceof ApiError) throw e;
      if (e instanceof NdjsonError) throw new ApiError(e.message, res.status);
      throw new ApiError('The connection to the server was lost before the answer was complete. Try again.', 0, 'connection_lost');
    }
    if (stopped) return stoppedEvent;
    throw new ApiError('The server stopped before the answer was complete. Try again.', res.status, 'answer_cut');
  };
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      controller.abort();
    },
    stopped: () => stopped,
    done: run(),
  };
}

/**
 * Analyses a position: the position line, then the engine's lines after each depth, then `done`.
 * @param {AnalysisRequest} req
 * @param {(event: AnalysisEvent) => void} onEvent
 * @param {typeof fetch} [fetchImpl]
 * @returns {Stream<AnalysisEvent>}
 */
export const streamAnalysis = (req, onEvent, fetchImpl) => openStream('/api/analysis', req, onEvent, fetchImpl);

/**
 * Reviews a game: progress lines, then the review, then `done`.
 * @param {ReviewRequest} req
 * @param {(event: ReviewEvent) => void} onEvent
 * @param {typeof fetch} [fetchImpl]
 * @returns {Stream<ReviewEvent>}
 */
export const streamReview = (req, onEvent, fetchImpl) => openStream('/api/review', req, onEvent, fetchImpl);
