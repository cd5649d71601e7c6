// @ts-check
// A small hash router: `#/<page>/<arg>` shows the page's view and calls its `enter(arg)`; the
// page left gets `leave()`. Addresses that are not routes (`#board-wrap`, the skip link) leave
// the page as it is.

/**
 * @typedef {object} Page
 * @property {(arg: string | undefined) => void} enter
 * @property {() => void} leave
 */

/**
 * @typedef {object} Route
 * @property {Page} page
 * @property {string} view the id of the page's <main>
 * @property {string | null} nav the id of its link in the main navigation
 * @property {string} title the tab title (the game page writes whose move it is over it)
 */

/**
 * Splits `#/room/abc` into `['room', 'abc']`; null when the address is not a route.
 * @param {string} hash
 * @returns {[string, string | undefined] | null}
 */
export function parseHash(hash) {
  if (!hash || hash === '#' || hash === '#/') return ['', undefined];
  if (!hash.startsWith('#/')) return null;
  const [name, arg] = hash.slice(2).split('/');
  return [name, arg ? decodeURIComponent(arg) : undefined];
}

export class Router {
  /**
   * @param {Record<string, Route>} routes
   * @param {string} fallback the route of an unknown or empty address
   */
  constructor(routes, fallback) {
    this.routes = routes;
    this.fallback = fallback;
    /** @type {Route | null} */
    this.current = null;
  }

  start() {
    window.addEventListener('hashchange', () => this.go());
    this.go();
  }

  go() {
    const parsed = parseHash(location.hash);
    if (!parsed) {
      if (this.current) return;
      this.show(this.routes[this.fallback], undefined);
      return;
    }
    const [name, arg] = parsed;
    const route = this.routes[name] || this.routes[this.fallback];
    this.show(route, this.routes[name] ? arg : undefined);
  }

  /**
   * @param {Route} route
   * @param {string | undefined} arg
   */
  show(route, arg) {
    if (this.current && this.current.page !== route.page) this.current.page.leave();
    this.current = route;
    for (const r of Object.values(this.routes)) {
      const main = document.getElementById(r.view);
      if (main) main.hidden = r.view !== route.view;
      const link = r.nav ? document.getElementById(r.nav) : null;
      if (link) {
        if (r.nav === route.nav) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
      }
    }
    document.title = route.title;
    route.page.enter(arg);
  }
}
