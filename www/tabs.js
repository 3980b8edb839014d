// Tabs for a game page: a tab bar and one section per tab, each view mounted the first time its
// tab is shown. tabs: [[key, label, mount(section, ctx)]]; `lazy` makes a mount whose module is
// imported only then, so a game's start page loads only its first tab's code.
import { el } from './dom.js';

/**
 * A mount for a tab whose code is imported when the tab is first shown: `load()` resolves to its
 * mount function (`() => import('./lab.js').then((m) => m.mountLab)`). The view it returns at
 * once stands for the real one: each method called on it is called on the real view once that
 * is mounted, and returns a promise of its result. The section says it is loading, and if the
 * import fails, says so with a way to try again.
 */
export function lazy(load) {
  const mountLazily = (section, ctx) => {
    let ready;
    const attempt = () => {
      section.replaceChildren(el('p', { class: 'muted tab-loading', 'data-testid': 'tab-loading' }, 'Loading…'));
      ready = load().then((mount) => {
        section.replaceChildren();
        const view = mount(section, ctx);
        section.dataset.mounted = 'true';
        return view;
      });
      ready.catch((e) => section.replaceChildren(el('p', { class: 'status error', 'data-testid': 'tab-load-failed' },
        `This tab could not be loaded (${e.message}). `,
        el('button', { onclick: attempt }, 'Try again'))));
    };
    attempt();
    return new Proxy({}, {
      // `then` is not a method: the stand-in is no promise itself, so it can be returned and awaited as a view.
      get: (_, name) => (name === 'then' ? undefined : (...args) => ready.then((view) => view[name](...args))),
    });
  };
  mountLazily.lazy = true;
  return mountLazily;
}

export function createTabs(tabs, { ctx, testid = (key) => `tab-${key}`, sectionClass = (key) => `tab tab-${key}`, navClass = 'tabs', onShow = () => {} }) {
  const nav = el('nav', { class: navClass, role: 'tablist' });
  const body = el('div', { class: 'tab-body' });
  const views = {};
  const sections = {};
  const buttons = {};
  let current = null;

  function show(name) {
    for (const [key, , mount] of tabs) {
      const active = key === name;
      buttons[key].setAttribute('aria-selected', String(active));
      buttons[key].tabIndex = active ? 0 : -1; // the tab list is one stop for Tab; arrows move in it
      buttons[key].classList.toggle('active', active);
      if (active && !views[key]) {
        views[key] = mount(sections[key], ctx);
        // `data-mounted`: the view is there (a lazy tab's once its code has loaded).
        if (!mount.lazy) sections[key].dataset.mounted = 'true';
      }
      sections[key].hidden = !active;
    }
    current = name;
    onShow(name, views[name]);
    return views[name];
  }
  // The ARIA tab pattern: each tab names its panel and each panel its tab; ←/→ (wrapping), Home
  // and End move to a tab and show it. Panels are there from the start, empty until first shown.
  for (const [key, label] of tabs) {
    const id = testid(key);
    buttons[key] = el('button', {
      role: 'tab', class: 'tab-btn', id: `${id}-tab`, 'aria-controls': `${id}-panel`, 'aria-selected': 'false', tabindex: '-1',
      'data-testid': id, onclick: () => show(key),
      // A click does not leave the focus on the tab: the keys after it are the view's (arrows
      // step a replay, move a robot); from the keyboard, Tab reaches the tabs and arrows move.
      onmousedown: (e) => e.preventDefault(),
    }, label);
    nav.append(buttons[key]);
    sections[key] = el('section', { class: sectionClass(key), id: `${id}-panel`, 'data-tab': key, role: 'tabpanel', 'aria-labelledby': `${id}-tab`, hidden: true });
    body.append(sections[key]);
  }
  nav.addEventListener('keydown', (e) => {
    const keys = tabs.map(([key]) => key);
    const i = keys.indexOf(current);
    const n = keys.length;
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // not a game key as well (www/keys.js)
    show(keys[to]);
    buttons[keys[to]].focus();
  });
  return {
    nav,
    body,
    show,
    /** The views mounted so far, by key. */
    views,
    get current() { return current; },
  };
}
