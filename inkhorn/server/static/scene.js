// Draws a scene (inkhorn.core.scene: the table as one seat sees it, built on the server from
// that seat's observation only) as HTML, and makes the pieces that stand for a legal choice
// clickable. Every text goes in with textContent; positions are set through the style object
// (allowed by the page's content security policy, unlike style attributes).
"use strict";

const InkhornScene = (() => {
  function el(tag, cls = "", text = "") {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== "") node.textContent = text;
    return node;
  }

  function seatTitle(seat, names, viewer) {
    const name = names[seat];
    const who = name ? `${name} (seat ${seat})` : `Seat ${seat}`;
    return seat === viewer ? `${who} — you` : who;
  }

  // A colour chip: the colour, a shape and a letter (readable without telling colours apart).
  function chip(colour, colours) {
    const mark = colours[colour];
    const node = el("span", `chip c-${colour}`, mark ? `${mark[1]}${mark[0]}` : "");
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  // Board pieces standing for several legal actions ask which, in a small menu by the piece.
  // `options`: [label, run, action id or ""] entries.
  function openMenu(anchor, options) {
    closeMenu();
    const menu = el("div", "choice-menu");
    menu.setAttribute("role", "menu");
    for (const [label, run, id] of options) {
      const b = el("button", "", label);
      b.type = "button";
      if (id) b.dataset.action = id;
      b.setAttribute("role", "menuitem");
      b.addEventListener("click", (event) => { event.stopPropagation(); closeMenu(); run(); });
      menu.append(b);
    }
    const cancel = el("button", "cancel", "Cancel");
    cancel.type = "button";
    cancel.addEventListener("click", (event) => { event.stopPropagation(); closeMenu(); anchor.focus(); });
    menu.append(cancel);
    menu.addEventListener("keydown", (event) => { if (event.key === "Escape") { closeMenu(); anchor.focus(); } });
    anchor.after(menu);
    menu.querySelector("button").focus();
  }

  function closeMenu() {
    for (const m of document.querySelectorAll(".choice-menu")) m.remove();
  }

  function drawPiece(p, ctx, zoneNode) {
    const node = el("div", `piece k-${p.kind}`);
    if (p.colour) node.classList.add(`c-${p.colour}`);
    if (p.empty) node.classList.add("empty");
    if (p.face_down) node.classList.add("face-down");
    if (p.colour) node.append(chip(p.colour, ctx.colours));
    node.append(el("span", "text", p.text));
    if (p.sub) node.append(el("span", "sub", p.sub));
    if (p.count !== undefined) node.append(el("span", "count", String(p.count)));
    for (const m of p.marks || []) node.append(el("span", "badge", m));
    if (p.at) {
      const span = p.span || [1, 1];
      node.style.gridRow = `${p.at[0] + 1} / span ${span[0]}`;
      node.style.gridColumn = `${p.at[1] + 1} / span ${span[1]}`;
      node.dataset.at = `${p.at[0]},${p.at[1]}`;
    }
    let tip = p.tip || p.text;
    const mine = (p.choices || []).filter((id) => ctx.legal.has(id));
    const spells = ctx.compose && p.letter ? p.letter : "";
    if (mine.length || spells) {
      for (const id of mine) ctx.drawn.add(id);
      const labels = mine.map((id) => ctx.legal.get(id));
      if (spells) {
        ctx.compose.pieces.set(node, spells);
        labels.unshift(`add ${spells.toUpperCase()} to your word`);
      }
      tip = `${tip} — ${labels.join(" / ")}`;
      node.classList.add("choosable");
      if (spells) node.classList.add("spells");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      if (mine.length) node.dataset.choices = mine.join(" ");
      if (spells) node.dataset.letter = spells;
      const act = (event) => {
        event.stopPropagation();
        const options = mine.map((id) => [ctx.legal.get(id), () => ctx.choose(id), id]);
        if (spells && !node.classList.contains("picked")) options.unshift([labels[0], () => ctx.compose.add(node), ""]);
        if (options.length === 1) options[0][1]();
        else if (options.length) openMenu(node, options);
      };
      node.addEventListener("click", act);
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); act(event); }
      });
      const covers = mine.flatMap((id) => (p.covers && p.covers[id]) || []);
      if (covers.length) {
        const keys = new Set(covers.map((c) => `${c[0]},${c[1]}`));
        const on = () => {
          for (const cell of zoneNode.querySelectorAll("[data-at]")) {
            cell.classList.toggle("covered", keys.has(cell.dataset.at));
          }
        };
        const off = () => { for (const cell of zoneNode.querySelectorAll(".covered")) cell.classList.remove("covered"); };
        node.addEventListener("pointerenter", on);
        node.addEventListener("focus", on);
        node.addEventListener("pointerleave", off);
        node.addEventListener("blur", off);
      }
    }
    node.title = tip;
    node.setAttribute("aria-label", tip);
    return node;
  }

  // A page of squares lists only its marked ones: the rest are drawn blank here.
  function fillBlanks(body, z) {
    const [rows, cols] = z.size;
    const taken = new Set();
    for (const p of z.pieces) {
      if (!p.at) continue;
      const span = p.span || [1, 1];
      for (let r = 0; r < span[0]; r++) for (let c = 0; c < span[1]; c++) taken.add((p.at[0] + r) * cols + p.at[1] + c);
    }
    const blanks = document.createDocumentFragment();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (taken.has(r * cols + c)) continue;
        const node = el("div", "piece k-square empty");
        node.style.gridRow = String(r + 1);
        node.style.gridColumn = String(c + 1);
        node.dataset.at = `${r},${c}`;
        blanks.append(node);
      }
    }
    body.append(blanks);
    body.classList.add(rows % 2 === 0 ? "even-rows" : "odd-rows");
    body.style.setProperty("--mid-row", String(rows / 2));
  }

  // A word spelled by clicking lettered pieces: the letters picked so far, in order (click
  // one to take it out), a box to type a letter no card shows (the game lays a card face
  // down as a wild for it), and buttons to send, shorten or clear the word. The word lives
  // in the page until it is sent; the game judges it then.
  function composer(z, ctx) {
    const picked = [];  // {node, letter}: node is the piece clicked, or null for a typed letter
    const word = el("div", "pieces");
    const typed = el("input", "compose-type");
    typed.type = "text";
    typed.maxLength = 12;
    typed.autocomplete = "off";
    typed.placeholder = "type a letter";
    typed.setAttribute("aria-label", "type a letter to add (laid as a wild if no card of yours shows it)");
    const send = el("button", "spell", "");
    send.type = "button";
    const back = el("button", "", "⌫ Last letter");
    back.type = "button";
    const clear = el("button", "", "Clear");
    clear.type = "button";
    const buttons = el("div", "compose-buttons");
    buttons.append(typed, send, back, clear);
    const letters = () => picked.map((p) => p.letter).join("");
    const drop = (k) => { const [p] = picked.splice(k, 1); if (p.node) p.node.classList.remove("picked"); };
    const show = () => {
      word.replaceChildren(...picked.map((p, k) => {
        let copy;
        if (p.node) {
          copy = p.node.cloneNode(true);
          copy.classList.remove("picked", "spells", "choosable");
          copy.removeAttribute("data-choices");
          copy.removeAttribute("data-letter");
          copy.title = `${copy.title.split(" — ")[0]} — click to take it out of the word`;
        } else {
          copy = el("div", "piece k-card face-down");
          copy.append(el("span", "text", p.letter.toUpperCase()), el("span", "sub", "typed"));
          copy.title = `${p.letter.toUpperCase()}, typed: a card of yours shows it, or one is laid face down as a wild — click to take it out`;
        }
        copy.tabIndex = 0;
        copy.setAttribute("role", "button");
        copy.setAttribute("aria-label", copy.title);
        copy.addEventListener("click", () => { drop(k); show(); });
        copy.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); drop(k); show(); }
        });
        return copy;
      }));
      if (!picked.length) word.append(el("span", "nothing", "click your cards to spell"));
      const w = letters();
      send.textContent = w ? `Spell ${w.toUpperCase()}` : "Spell";
      send.disabled = w.length < 2;
      back.disabled = clear.disabled = !picked.length;
    };
    ctx.compose.add = (node) => { node.classList.add("picked"); picked.push({ node, letter: ctx.compose.pieces.get(node) }); show(); };
    typed.addEventListener("input", () => {
      for (const ch of typed.value.toLowerCase()) if (ch >= "a" && ch <= "z") picked.push({ node: null, letter: ch });
      typed.value = "";
      show();
    });
    typed.addEventListener("keydown", (event) => {
      if (event.key === "Backspace" && !typed.value && picked.length) { drop(picked.length - 1); show(); }
      if (event.key === "Enter") { event.preventDefault(); send.click(); }
    });
    send.addEventListener("click", () => { if (letters().length >= 2) ctx.choose(z.compose + letters()); });
    back.addEventListener("click", () => { if (picked.length) drop(picked.length - 1); show(); });
    clear.addEventListener("click", () => { while (picked.length) drop(0); show(); });
    show();
    return [word, buttons];
  }

  function drawZone(z, ctx) {
    const node = el("section", `zone l-${z.layout}`);
    if (z.key) node.dataset.key = z.key;
    const head = el("h3", "", z.title);
    if (z.tip) head.title = z.tip;
    node.append(head);
    if (z.note) node.append(el("p", "note", z.note));
    const body = el("div", "pieces");
    if (z.layout === "grid" && z.size) {
      body.style.gridTemplateColumns = `repeat(${z.size[1]}, minmax(0, 1fr))`;
      body.style.gridTemplateRows = `repeat(${z.size[0]}, auto)`;
    }
    if (z.compose && ctx.compose) {
      node.classList.add("compose");
      node.append(...composer(z, ctx));
      return node;
    }
    node.append(body);
    for (const p of z.pieces) body.append(drawPiece(p, ctx, body));
    if (z.fill && z.size) fillBlanks(body, z);
    if (!z.pieces.length && !z.fill) body.append(el("span", "nothing", "—"));
    return node;
  }

  function drawLegend(scene) {
    const box = el("details", "legend");
    box.append(el("summary", "", "Legend"));
    const list = el("dl");
    for (const [name, mark] of Object.entries(scene.colours || {})) {
      const dt = el("dt");
      dt.append(chip(name, scene.colours));
      list.append(dt, el("dd", "", `${name}${mark[0] ? ` (letter ${mark[0]}, shape ${mark[1]})` : ""}`));
    }
    for (const [symbol, meaning] of scene.legend || []) list.append(el("dt", "", symbol), el("dd", "", meaning));
    list.append(el("dt", "", "highlighted"), el("dd", "", "a choice you can make now: click it, or Tab to it and press Enter"));
    list.append(el("dt", "", "hover"), el("dd", "", "any piece shows its full description"));
    box.append(list);
    return box;
  }

  // Draw `scene` into `root`. `legal`: Map of action id -> label (empty when it is not the
  // viewer's turn); `choose(id)` plays one; `open`: the decision takes typed actions. Returns
  // the set of actions drawn on the table (its `composing` is true when a word can be spelled
  // on the table).
  function draw(root, scene, { names = [], viewer = null, legal = new Map(), choose = () => {}, open = false } = {}) {
    const ctx = { legal, choose, colours: scene.colours || {}, drawn: new Set(), compose: null };
    const spell = scene.zones.find((z) => z.compose);
    if (spell && (open || [...legal.keys()].some((id) => id.startsWith(spell.compose)))) {
      ctx.compose = { pieces: new Map(), add: () => {} };
    }
    const keepLegend = root.querySelector("details.legend");
    const legendOpen = keepLegend ? keepLegend.open : false;
    const parts = [];
    if (scene.status) parts.push(el("p", "scene-status", scene.status));
    const shared = el("div", "shared");
    const areas = [];
    let area = null;
    for (const z of scene.zones) {
      if (z.seat === undefined) { shared.append(drawZone(z, ctx)); continue; }
      if (!area || area.dataset.seat !== String(z.seat)) {
        area = el("section", "area");
        area.dataset.seat = String(z.seat);
        if (z.seat === viewer) area.classList.add("own");
        area.append(el("h3", "area-title", seatTitle(z.seat, names, viewer)));
        areas.push(area);
      }
      area.append(drawZone(z, ctx));
    }
    if (shared.children.length) parts.push(shared);
    const seats = el("div", "areas");
    seats.append(...areas);
    parts.push(seats);
    const legend = drawLegend(scene);
    legend.open = legendOpen;
    parts.push(legend);
    root.replaceChildren(...parts);
    ctx.drawn.composing = !!ctx.compose;
    return ctx.drawn;
  }

  document.addEventListener("click", (event) => {
    if (!event.target.closest(".choice-menu")) closeMenu();
  });

  return { draw };
})();
