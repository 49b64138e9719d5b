// The console's one way to make an element: `el('button', { type:
// 'button', onclick: f, 'data-x': 1 }, 'text', child)`; attributes that are
// undefined, null or false are left out, `true` is an empty attribute.

export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
};
