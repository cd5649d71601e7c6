// @ts-check
// Page wording: a few server and rules messages are written for the command line or for
// developers ("--variant", "ply", "a reset"); these say the same to a player. Pure: no DOM.

/** @type {[RegExp, string][]} */
const PLAIN = [
  [/the game has moved on: it is at ply \d+, not \d+; reload it/i, 'The game had moved on (perhaps in another tab); it is shown as it stands now.'],
  [/no GameType tag; say which rule set the file is \(e\.g\. --variant \w+\)/i, 'The file does not say which rule set it is played by (it has no GameType tag): choose one under "Rule set when the file does not say" and open it again.'],
  [/(\d+) half-moves in a row without a capture or a reset/i, '$1 moves in a row (both sides counted) without a capture or a man moving'],
  // The rules' own document is ours, not the player's: its section numbers are dropped.
  [/ \(RULES\.md section \d+\)/g, ''],
];

/**
 * A message in a player's words.
 * @param {string} text
 */
export function plain(text) {
  let out = text;
  for (const [re, to] of PLAIN) out = out.replace(re, to);
  return out;
}
