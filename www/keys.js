// One keyboard dispatcher for the page: views bind a handler to their own element, and a key
// goes only to the views that are on screen (the active game, the active tab). Typing in a text
// field, a text area, a drop-down or an editable element never triggers game keys.

const bindings = [];

const TYPING = 'textarea, select, [contenteditable]:not([contenteditable=false]), input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button])';

const onScreen = (node) => node.isConnected && (node.checkVisibility ? node.checkVisibility() : node.offsetParent !== null);

/**
 * handler(e) returns true when it used the key (the browser's default is then prevented).
 * Returns a function that removes the binding.
 */
export function bindKeys(root, handler) {
  const binding = { root, handler };
  bindings.push(binding);
  return () => {
    const i = bindings.indexOf(binding);
    if (i >= 0) bindings.splice(i, 1);
  };
}

document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  if (e.target instanceof Element && e.target.closest(TYPING)) return;
  for (const { root, handler } of [...bindings]) {
    if (onScreen(root) && handler(e)) {
      e.preventDefault();
      return;
    }
  }
});
