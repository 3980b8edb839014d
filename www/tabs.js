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
      buttons[key].classList.toggle('active', active);
      if (active && !views[key]) {
        sections[key] = el('section', { class: sectionClass(key), 'data-tab': key, role: 'tabpanel' });
        body.append(sections[key]);
        views[key] = mount(sections[key], ctx);
        // `data-mounted`: the view is there (a lazy tab's once its code has loaded).
        if (!mount.lazy) sections[key].dataset.mounted = 'true';
      }
      if (sections[key]) sections[key].hidden = !active;
    }
    current = name;
    onShow(name, views[name]);
    return views[name];
  }
  for (const [key, label] of tabs) {
    buttons[key] = el('button', { role: 'tab', class: 'tab-btn', 'data-testid': testid(key), onclick: () => show(key) }, label);
    nav.append(buttons[key]);
  }
  return {
    nav,
    body,
    show,
    /** The views mounted so far, by key. */
    views,
    get current() { return current; },
  };
}
