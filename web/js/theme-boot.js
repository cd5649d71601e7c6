// @ts-check
// Loaded as a classic script in <head>, before the stylesheet is used to paint: puts the
// remembered colour scheme, board theme and piece theme on <html> (data-scheme, data-board,
// data-pieces) so that the first paint already has them (no flash). The choices, their
// names and the keys are in theme.js; app.css holds the colours.
(() => {
  const root = document.documentElement;
  for (const key of ['scheme', 'board', 'pieces']) {
    let v = null;
    try {
      v = localStorage.getItem('draughts.' + key);
    } catch {
      // Storage may be off (a private window): the defaults apply.
    }
    if (v) root.dataset[key] = v;
  }
})();
