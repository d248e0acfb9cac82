// Tiny DOM helpers. Every text goes through textContent: nothing from the server is ever parsed as HTML.

/** h("div.card#id", {attrs, on: {click}}, ...children): an element; strings become text nodes. */
export function h(tag, props = {}, ...children) {
  if (props === null || typeof props !== "object" || props instanceof Node || Array.isArray(props)) {
    children.unshift(props);
    props = {};
  }
  const [name, ...parts] = tag.split(/(?=[.#])/);
  const el = document.createElement(name || "div");
  for (const part of parts) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") {
      for (const [event, fn] of Object.entries(value)) el.addEventListener(event, fn);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;                       // value, checked, disabled, ... as properties
    } else if (key === "value") {
      el.value = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  return append(clear(el), children);
}

/** Eight player colours by seat (BGA colours players by seat), each readable (contrast at least 4.5, WCAG AA) on white
 * and on the page's beige and yellow backgrounds down to #e4e0d6. */
export const SEAT_COLOURS = ["#a93226", "#1a5c94", "#176637", "#7d3c98", "#8a5608", "#0e6251", "#4d5656", "#2e4053"];

export function seatColour(seat) {
  return SEAT_COLOURS[(seat ?? 0) % SEAT_COLOURS.length];
}
