// Tabs for a game page: a tab bar and one section per tab, each view mounted the first time its
// tab is shown. tabs: [[key, label, mount(section, ctx)]].
import { el } from './dom.js';

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
