// Rules Explorer board view: draws the JSON scene sent by Python as SVG, with a side panel.
// It decides nothing: every click goes back to Python as {kind, target}; Python applies the rules.
const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  return node;
}

function htmlEl(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function shapeFor(item) {
  const style = { fill: item.fill, stroke: item.stroke, "stroke-width": item.stroke_width, opacity: item.opacity,
    "stroke-dasharray": item.dash };
  switch (item.shape) {
    case "rect":
      return svgEl("rect", { x: item.x, y: item.y, width: item.w, height: item.h, rx: item.rx, ...style });
    case "circle":
      return svgEl("circle", { cx: item.cx, cy: item.cy, r: item.r, ...style });
    case "polygon":
      return svgEl("polygon", { points: (item.points || []).map((p) => p.join(",")).join(" "), ...style });
    case "path":
      return svgEl("path", { d: item.d, ...style });
    case "line":
      return svgEl("line", { x1: item.x1, y1: item.y1, x2: item.x2, y2: item.y2, ...style });
    case "text": {
      const halo = item.halo ? { stroke: item.halo, "stroke-width": 3, "stroke-linejoin": "round",
        "paint-order": "stroke" } : {};
      const t = svgEl("text", { x: item.x, y: item.y, "font-size": item.size, fill: item.fill,
        "text-anchor": item.anchor || "middle", "dominant-baseline": "central", "font-weight": item.weight,
        ...halo });
      t.textContent = item.text || "";
      return t;
    }
    default:
      return null;
  }
}

function itemTip(item, mark) {
  return [item.title, mark && (mark.tip || mark.label)].filter(Boolean).join(" — ");
}

function buildItem(model, item, mark) {
  const shape = shapeFor(item);
  if (!shape) return null;
  // A click on an item selects `target` (e.g. a piece drawn on a district targets the district).
  const target = item.target || (item.clickable ? item.id : null);
  const classes = ["rx-item", item.class || ""];
  if (target) classes.push("rx-clickable");
  else if (!item.title) classes.push("rx-passive");
  if (mark) classes.push(`rx-hl-${mark.tone || "legal"}`);
  shape.setAttribute("class", classes.join(" ").trim());
  if (item.id) shape.setAttribute("data-id", item.id);
  const tip = itemTip(item, mark);
  if (tip) {
    const title = svgEl("title");
    title.textContent = tip;
    shape.appendChild(title);
  }
  if (target) {
    shape.setAttribute("data-target", target);
    shape.addEventListener("click", () => model.send({ kind: "click", target }));
  }
  if (item.clickable && item.id && item.shape !== "text") {
    // keyboard and screen readers: a focusable button named by its hover text
    shape.setAttribute("tabindex", "0");
    shape.setAttribute("role", "button");
    shape.setAttribute("aria-label", tip || item.id);
    if (mark && mark.tone === "selected") shape.setAttribute("aria-pressed", "true");
  } else if (item.shape === "text") {
    shape.setAttribute("aria-hidden", "true");
  }
  return shape;
}

const KEYS = new WeakMap();  // an item object (kept across patches) -> its JSON, computed once

function keyOf(item) {
  let key = KEYS.get(item);
  if (key === undefined) {
    key = JSON.stringify(item);
    KEYS.set(item, key);
  }
  return key;
}

// The board is redrawn incrementally: an item whose JSON (and highlight) is unchanged keeps its SVG element.
function drawBoard(model, svg, cache) {
  const scene = cache.scene;
  const highlights = model.get("highlights") || {};
  const focused = document.activeElement && svg.contains(document.activeElement)
    ? document.activeElement.getAttribute("data-id") : null;
  svg.setAttribute("viewBox", `0 0 ${scene.width || 100} ${scene.height || 100}`);
  svg.setAttribute("width", scene.width || 100);
  svg.setAttribute("height", scene.height || 100);
  const previous = cache.elements;  // key -> [elements]
  const next = new Map();
  const children = [];
  const items = scene.background ? [{ shape: "rect", x: 0, y: 0, w: scene.width, h: scene.height,
    fill: scene.background, class: "rx-background" }, ...(scene.items || [])] : (scene.items || []);
  const labels = [];  // highlight labels go on top of everything, so nothing drawn later covers them
  for (const item of items) {
    const mark = item.id ? highlights[item.id] : undefined;
    const key = keyOf(item) + (mark ? JSON.stringify(mark) : "");
    const pool = previous.get(key);
    let shape = pool && pool.length ? pool.pop() : buildItem(model, item, mark);
    if (!shape) continue;
    if (!next.has(key)) next.set(key, []);
    next.get(key).push(shape);
    children.push(shape);
    if (mark && mark.label && item.shape !== "text") {
      const anchor = labelAnchor(item);
      if (anchor) {
        const label = svgEl("text", { x: anchor[0], y: anchor[1], class: "rx-hl-label", "aria-hidden": "true",
          "text-anchor": "middle", "dominant-baseline": "central" });
        label.textContent = mark.label;
        labels.push(label);
      }
    }
  }
  // touch only what changed: unchanged elements stay where they are
  const all = [...children, ...labels];
  const keep = new Set(all);
  let cursor = svg.firstChild;
  for (const node of all) {
    while (cursor && !keep.has(cursor)) {
      const after = cursor.nextSibling;
      svg.removeChild(cursor);
      cursor = after;
    }
    if (node === cursor) cursor = cursor.nextSibling;
    else svg.insertBefore(node, cursor);
  }
  while (cursor) {
    const after = cursor.nextSibling;
    svg.removeChild(cursor);
    cursor = after;
  }
  cache.elements = next;
  if (focused) {
    const again = svg.querySelector(`[data-id="${CSS.escape(focused)}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }
}

function focusables(svg) {
  return [...svg.querySelectorAll("[tabindex]")];
}

function centre(el) {
  const box = el.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

// Arrow keys move to the nearest focusable item in that direction (a grid's or a graph's neighbour).
function neighbour(svg, from, dx, dy) {
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of focusables(svg)) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 0.5 || across > 2 * along) continue;
    const score = along + 2 * across;
    if (score < bestScore) { best = el; bestScore = score; }
  }
  return best;
}

function onKey(model, svg, event) {
  const el = event.target;
  if (event.key === "Escape") {
    model.send({ kind: "escape" });
    event.preventDefault();
    return;
  }
  if (!el || !el.hasAttribute || !el.hasAttribute("tabindex")) return;
  if (event.key === "Enter" || event.key === " ") {
    model.send({ kind: "click", target: el.getAttribute("data-target") || el.getAttribute("data-id") });
    event.preventDefault();
    return;
  }
  const arrows = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  if (arrows[event.key]) {
    const to = neighbour(svg, el, ...arrows[event.key]);
    if (to) to.focus();
    event.preventDefault();
  }
}

function labelAnchor(item) {
  if (item.label_at) return item.label_at;
  if (item.shape === "rect") return [item.x + item.w / 2, item.y + item.h - 8];
  if (item.shape === "circle") return [item.cx, item.cy + item.r + 8];
  if (item.shape === "polygon" && item.points && item.points.length) {
    const xs = item.points.map((p) => p[0]);
    const ys = item.points.map((p) => p[1]);
    return [xs.reduce((a, b) => a + b) / xs.length, ys.reduce((a, b) => a + b) / ys.length];
  }
  return null;
}

function drawPanel(model, panel) {
  panel.replaceChildren();
  const status = model.get("status") || {};
  const heading = htmlEl("div", "rx-status", status.text || "");
  panel.appendChild(heading);

  const controls = htmlEl("div", "rx-controls");
  const buttons = [
    ["first", "|◀", "Go to the start", { kind: "goto", index: 0 }, status.cursor > 0],
    ["back", "◀", "Step back one action", { kind: "step", delta: -1 }, status.cursor > 0],
    ["undo", "↶ Undo", "Undo the last move", { kind: "undo" }, status.can_undo],
    ["redo", "Redo ↷", "Redo the undone move", { kind: "redo" }, status.can_redo],
    ["forward", "▶", "Step forward one action", { kind: "step", delta: 1 }, status.cursor < status.length],
    ["last", "▶|", "Go to the latest position", { kind: "goto", index: status.length }, status.cursor < status.length],
  ];
  for (const [name, label, tip, message, enabled] of buttons) {
    const button = htmlEl("button", `rx-button rx-${name}`, label);
    button.title = tip;
    button.disabled = !enabled;
    button.addEventListener("click", () => model.send(message));
    controls.appendChild(button);
  }
  panel.appendChild(controls);
  if (status.bots_waiting) {
    // the random players wait to be shown, one move at a time or all their moves at once
    const bots = htmlEl("div", "rx-controls rx-bots");
    for (const [name, label, tip, moves] of [
      ["bot-step", "Show their next move ▶", "Let the random player to act make one move", 1],
      ["bot-all", "Play their turns ⏩", "Let the random players move until it is your turn", "all"]]) {
      const button = htmlEl("button", `rx-button rx-${name}`, label);
      button.title = tip;
      button.addEventListener("click", () => model.send({ kind: "bots", moves }));
      bots.appendChild(button);
    }
    panel.appendChild(bots);
  }
  if (status.bots) {
    const pace = htmlEl("label", "rx-pace");
    const box = htmlEl("input");
    box.type = "checkbox";
    box.checked = status.pace === "step";
    box.addEventListener("change", () => model.send({ kind: "pace", pace: box.checked ? "step" : "all" }));
    pace.append(box, document.createTextNode(" watch the other players move by move"));
    panel.appendChild(pace);
  }
  panel.appendChild(htmlEl("div", "rx-position", `position ${status.cursor ?? 0} of ${status.length ?? 0}`));

  const message = model.get("message") || {};
  if (message.text) {
    const box = htmlEl("div", `rx-message rx-message-${message.kind || "info"}`);
    box.appendChild(htmlEl("div", "rx-message-text", message.text));
    if (message.rule) box.appendChild(ruleLink(message, "rx-why"));
    panel.appendChild(box);
  }

  for (const section of model.get("panel") || []) {
    panel.appendChild(htmlEl("div", "rx-heading", section.title));
    const table = htmlEl("table", "rx-table");
    if (section.header) {
      const tr = htmlEl("tr");
      for (const cell of section.header) tr.appendChild(htmlEl("th", "", String(cell)));
      table.appendChild(tr);
    }
    for (const row of section.rows || []) {
      const tr = htmlEl("tr");
      for (const cell of row) tr.appendChild(htmlEl("td", "", String(cell)));
      table.appendChild(tr);
    }
    panel.appendChild(table);
  }

  panel.appendChild(htmlEl("div", "rx-heading", "What happened, and why"));
  const list = htmlEl("ol", "rx-events");
  const events = model.get("events") || [];
  if (!events.length) list.appendChild(htmlEl("li", "rx-event rx-empty", "nothing yet"));
  for (const event of events) {
    const li = htmlEl("li", "rx-event");
    li.appendChild(htmlEl("span", "rx-event-text", event.text));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(ruleLink(event, "rx-event-rule"));
    list.appendChild(li);
  }
  panel.appendChild(list);
}

// Where a rule link opens the rules reference (the model's rules_page, e.g. "rules.ipynb"; "" for no link).
let rulesPage = "";

// A small link naming the rule behind a message or event: its title, the rule's paraphrase on hover; it opens
// the rule's entry in the game's rules reference, in a new tab so the game stays where it is.
function ruleLink(message, className) {
  const link = htmlEl(rulesPage ? "a" : "span", `rx-rule-link ${className || ""}`, `rule: ${message.title}`);
  if (rulesPage) {
    link.href = `${rulesPage}?rule=${encodeURIComponent(message.rule)}`;
    link.target = "_blank";
    link.rel = "noopener";
  }
  link.setAttribute("data-rule", message.rule);
  link.title = `${message.rule}: ${message.rule_text || message.title}`;
  return link;
}

// Where the bubble goes (left, top inside the stage): under the clicked item, else above, right or left of it,
// whichever covers least of what the player may click next (the lit items and the strip's buttons), kept inside
// the board's frame; without an item, at the top of the board.
function toastSpot(svg, spot, board, frame, width, height) {
  const clamp = ([x, y]) => [Math.max(board.left + 4, Math.min(x, board.right - width - 4)),
    Math.max(board.top + 4, Math.min(y, board.bottom - height - 4))];
  const cx = spot ? spot.left + spot.width / 2 - width / 2 : board.left + board.width / 2 - width / 2;
  const middle = spot ? spot.top + spot.height / 2 - height / 2 : 0;
  const candidates = spot ? [[cx, spot.bottom + 8], [cx, spot.top - height - 8], [spot.right + 8, middle],
    [spot.left - width - 8, middle]] : [[cx, board.top + 8]];
  // what should stay in sight: the clicked item itself, the lit items and the strip's buttons
  const keep = [...svg.querySelectorAll('[class*="rx-hl-"], [data-id^="btn:"]')]
    .filter((el) => el.tagName !== "text").map((el) => el.getBoundingClientRect());
  if (spot) keep.push(spot);
  const overlap = (a0, a1, b0, b1) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  const covered = ([x, y]) => keep.reduce((sum, r) =>
    sum + overlap(x, x + width, r.left, r.right) * overlap(y, y + height, r.top, r.bottom), 0);
  let best = null;
  for (const candidate of candidates.map(clamp)) {
    const cost = covered(candidate);
    if (best === null || cost < best.cost - 1) best = { spot: candidate, cost };
  }
  return [best.spot[0] - frame.left, best.spot[1] - frame.top];
}

// The bubble by the clicked item: the refusal or hint, or what the move did, with its rule. It sits next to the
// item (toastSpot), inside the board's frame, and is scrolled into view.
function drawToast(model, stage, svg, toastEl) {
  const toast = model.get("toast") || {};
  if (!toast.text) {
    toastEl.hidden = true;
    toastEl.removeAttribute("data-at");
    return;
  }
  toastEl.hidden = false;
  toastEl.className = `rx-toast rx-toast-${toast.kind || "info"}`;
  toastEl.style.animation = "none";  // a new bubble: start its fade again
  void toastEl.offsetWidth;
  toastEl.style.animation = "";
  toastEl.replaceChildren(htmlEl("div", "rx-toast-text", toast.text));
  if (toast.rule) toastEl.appendChild(ruleLink(toast, "rx-toast-rule"));
  const close = htmlEl("button", "rx-toast-close", "×");
  close.title = "Close";
  close.addEventListener("click", () => { toastEl.hidden = true; });
  toastEl.appendChild(close);
  toastEl.setAttribute("data-at", toast.at || "");
  const frame = stage.getBoundingClientRect();
  const board = svg.getBoundingClientRect();
  const item = toast.at ? svg.querySelector(`[data-id="${CSS.escape(toast.at)}"]`) : null;
  const spot = item ? item.getBoundingClientRect() : null;
  const width = Math.min(340, board.width - 8);
  toastEl.style.width = `${width}px`;
  const height = toastEl.offsetHeight;
  const [left, top] = toastSpot(svg, spot, board, frame, width, height);
  toastEl.style.left = `${left}px`;
  toastEl.style.top = `${top}px`;
  // off screen: bring the whole board into view (only a wide board is taller than the window), else the bubble
  const outside = (el) => { const r = el.getBoundingClientRect(); return r.top < 0 || r.bottom > window.innerHeight; };
  if (outside(toastEl)) svg.scrollIntoView({ block: "nearest" });
  if (outside(toastEl)) toastEl.scrollIntoView({ block: "nearest" });
}

// The board fits the window below what stands above it (title, form), so the whole board, its strip and the
// bubble are seen together; in a window too short for that (under FIT_MIN pixels left) the CSS cap applies.
const FIT_MIN = 480;

function scrollerOf(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

function fitBoard(svg) {
  const rect = svg.getBoundingClientRect();
  if (!rect.width) return;
  if (svg.closest(".rx-wide")) {  // a wide board runs below the window on purpose
    if (svg.style.maxHeight) svg.style.maxHeight = "";
    return;
  }
  const scroller = scrollerOf(svg);
  let top = rect.top + window.scrollY;
  let view = window.innerHeight;
  if (scroller) {
    top = rect.top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    view = scroller.clientHeight;
  }
  const room = Math.floor(view - top - 12);
  const cap = room >= FIT_MIN ? `${room}px` : "";
  if (svg.style.maxHeight !== cap) svg.style.maxHeight = cap;
}

function messageWords(message) {
  if (!message || !message.text) return "";
  return message.rule ? `${message.text} — ${message.title} (${message.rule})` : message.text;
}

function render({ model, el }) {
  rulesPage = model.get("rules_page") || "";
  const root = htmlEl("div", "rx-view");
  const title = htmlEl("div", "rx-title");
  const body = htmlEl("div", "rx-body");
  const svg = svgEl("svg", { class: "rx-board", role: "group" });
  const stage = htmlEl("div", "rx-stage");
  const toastEl = htmlEl("div", "rx-toast");
  toastEl.hidden = true;
  toastEl.setAttribute("role", "status");
  stage.append(svg, toastEl);
  const panel = htmlEl("div", "rx-panel");
  // the strip's last message, read out by screen readers when it changes (a refusal, a hint)
  const live = htmlEl("div", "rx-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  body.append(stage, panel);
  root.append(title, live, body);
  el.appendChild(root);
  const cache = { elements: new Map(), panel: "", scene: { items: [] }, sceneRevision: null };
  svg.addEventListener("keydown", (event) => onKey(model, svg, event));

  const redraw = () => {
    const started = performance.now();
    title.textContent = model.get("title") || "";
    svg.setAttribute("aria-label", `${model.get("title") || "board"}: Tab to the lit items, Enter to click, ` +
      "arrow keys to move between neighbours, Escape to clear the selection");
    // a wide board (the scene's layout "wide") takes the whole width, the panel goes under it
    root.classList.toggle("rx-wide", cache.scene.layout === "wide");
    drawBoard(model, svg, cache);
    fitBoard(svg);
    drawToast(model, stage, svg, toastEl);
    const words = messageWords(model.get("message"));
    if (live.textContent !== words) live.textContent = words;
    const panelKey = JSON.stringify([model.get("status"), model.get("message"), model.get("panel"),
      model.get("events")]);
    if (panelKey !== cache.panel) {
      drawPanel(model, panel);
      cache.panel = panelKey;
    }
    svg.setAttribute("data-revision", String(model.get("revision")));
    const ended = performance.now();
    svg.setAttribute("data-redraw-ms", (ended - started).toFixed(1));
    svg.setAttribute("data-redrawn-at", ended.toFixed(1));
  };
  // The scene comes as patches against the last one (see widgets.base.scene_patch); a view that missed one, or
  // has just been drawn, asks Python for the whole scene.
  const onScene = (msg) => {
    if (!msg || msg.kind !== "scene") return;
    if (msg.base !== null && msg.base !== cache.sceneRevision) {
      model.send({ kind: "scene-request" });
      return;
    }
    const old = msg.base === null ? [] : cache.scene.items;
    const items = [];
    let i = 0;
    for (const [op, arg] of msg.ops) {
      if (op === "keep") { for (let k = 0; k < arg; k++) items.push(old[i + k]); i += arg; }
      else if (op === "skip") i += arg;
      else for (const item of arg) items.push(item);
    }
    cache.scene = { width: msg.width, height: msg.height, background: msg.background, layout: msg.layout, items };
    cache.sceneRevision = msg.revision;
    if (msg.base === null) redraw();  // a whole scene asked for: no redraw of the traits follows
  };
  model.on("msg:custom", onScene);
  model.send({ kind: "scene-request" });
  redraw();
  model.on("change:revision", redraw);
  const refit = () => fitBoard(svg);
  window.addEventListener("resize", refit);
  // what stands above the board can change height (a fold opened): fit again then
  const watcher = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(refit);
  if (watcher) watcher.observe(document.body);
  return () => {
    model.off("change:revision", redraw); model.off("msg:custom", onScene);
    window.removeEventListener("resize", refit);
    if (watcher) watcher.disconnect();
  };
}

export default { render };
