// The sandbox page: draws what the emulator recorded and sends what you do as interactions.
// No game logic lives here: every card, button and result comes from the bot's messages.
"use strict";

const MD = window.Markdown;
const esc = MD.escapeHtml;
const OPTION_TYPES = { 3: "text", 4: "integer", 5: "true/false", 6: "member", 7: "channel", 8: "role", 10: "number", 11: "file" };

const state = {
  ws: null,
  me: null,
  bot: null,
  members: [],
  names: { users: {}, channels: {} },
  channelId: null,
  dmId: null,
  messages: new Map(), // id -> view
  commands: [],
  pending: new Map(), // req -> {resolve}
  nextReq: 1,
  dismissed: new Set(),
  errors: new Map(), // message id -> error text
};

window.sandboxErrors = []; // every error an action got, for whoever watches the page
const params = new URLSearchParams(location.search);
let who = params.get("as") || "";

// ---------------------------------------------------------------------------------------
// the socket
// ---------------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws?as=${encodeURIComponent(who)}`);
  state.ws = ws;
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = () => {
    if (state.ws !== ws) return;
    setStatus(false, "disconnected: retrying…");
    setTimeout(connect, 1000);
  };
}

function request(body) {
  const req = state.nextReq++;
  return new Promise((resolve) => {
    state.pending.set(req, resolve);
    state.ws.send(JSON.stringify({ ...body, req }));
  });
}

function receive(data) {
  if (data.op === "hello") return hello(data);
  if (data.op === "update") return update(data);
  if (data.op === "done") {
    const resolve = state.pending.get(data.req);
    state.pending.delete(data.req);
    if (resolve) resolve(data);
  }
}

function hello(data) {
  state.me = data.me;
  MD.setLocale(data.me.locale);
  state.bot = data.bot;
  state.members = data.members;
  state.names = data.names;
  state.channelId = data.channel.id;
  state.dmId = data.dm.id;
  state.messages.clear();
  for (const pane of document.querySelectorAll(".pane .messages")) pane.textContent = "";
  who = data.me.username;
  document.getElementById("server-name").textContent = data.guild.name;
  document.getElementById("channel-name").textContent = data.channel.name;
  document.getElementById("dm-name").textContent = data.bot.name;
  document.title = `${data.me.name} · Gin Rummy sandbox`;
  const select = document.getElementById("who");
  select.innerHTML = data.members
    .map((m) => `<option value="${esc(m.username)}"${m.id === data.me.id ? " selected" : ""}>${esc(m.name)}</option>`)
    .join("");
  document.getElementById("others").innerHTML = data.members
    .filter((m) => m.id !== data.me.id)
    .map((m) => `<a href="?as=${encodeURIComponent(m.username)}" target="_blank">open ${esc(m.name)} in a new tab</a>`)
    .join(" · ");
}

function update(data) {
  if ("online" in data) setStatus(data.online, data.online ? "Gin Bot online" : "Gin Bot offline");
  if (data.commands) {
    state.commands = data.commands;
    for (const c of composers) c.refresh();
  }
  for (const id of data.removed || []) {
    state.messages.delete(id);
    document.querySelector(`.msg[data-id="${id}"]`)?.remove();
  }
  for (const view of data.messages || []) {
    state.errors.delete(view.id); // a notice about an older version of the message
    state.messages.set(view.id, view);
    drawMessage(view);
  }
  showHint();
}

function showHint() {
  const empty = !document.querySelector("#channel .messages .msg");
  document.getElementById("hint").hidden = !empty || !state.commands.some((c) => c.path === "gin computer");
}

function setStatus(online, text) {
  const el = document.getElementById("status");
  el.classList.toggle("online", online);
  document.getElementById("status-text").textContent = text;
}

// ---------------------------------------------------------------------------------------
// messages
// ---------------------------------------------------------------------------------------
function paneOf(view) {
  return document.querySelector(view.channel === state.dmId ? "#dm .messages" : "#channel .messages");
}

function drawMessage(view) {
  if (state.dismissed.has(view.id)) return;
  const list = paneOf(view);
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const el = renderMessage(view);
  const old = document.querySelector(`.msg[data-id="${view.id}"]`);
  if (old) {
    old.replaceWith(el);
  } else {
    const next = [...list.children].find((c) => BigInt(c.dataset.id) > BigInt(view.id));
    list.insertBefore(el, next || null);
  }
  if (atBottom || !old) list.scrollTop = list.scrollHeight;
}

function renderMessage(view) {
  const el = document.createElement("article");
  el.className = "msg" + (view.ephemeral ? " ephemeral" : "");
  el.dataset.id = view.id;
  el.dataset.version = String(view.version); // the bot's edits so far
  const time = new Date(view.at * 1000).toLocaleTimeString(state.me?.locale || [], { hour: "2-digit", minute: "2-digit" });
  let html = "";
  if (view.command) {
    html += `<div class="used"><span class="curve"></span><b>${esc(view.command.user)}</b> used <span class="cmd">/${esc(view.command.name)}</span></div>`;
  }
  html += `<div class="avatar${view.bot ? " bot" : ""}">${esc(view.author.slice(0, 1))}</div><div class="body">`;
  html += `<div class="meta"><span class="author">${esc(view.author)}</span>${view.bot ? '<span class="tag">APP</span>' : ""}<time>${time}</time></div>`;
  if (view.loading) html += `<div class="thinking">${esc(view.author)} is thinking<span class="dots">…</span></div>`;
  if (view.content) {
    // "(edited)" sits at the end of the last line, as in Discord.
    const edited = view.edited ? '<span class="edited">(edited)</span>' : "";
    const text = MD.block(view.content, state.names);
    const marked = text.endsWith("</div>") ? text.slice(0, -6) + edited + "</div>" : text + edited;
    html += `<div class="content">${marked}</div>`;
  }
  html += `</div>`;
  el.innerHTML = html;
  const body = el.querySelector(".body");
  for (const embed of view.embeds) body.appendChild(renderEmbed(embed));
  const referenced = new Set();
  const comps = renderComponents(view, view.components, referenced);
  const files = view.attachments.filter((a) => !a.in_embed && !referenced.has(a.name));
  if (files.length) {
    const box = document.createElement("div");
    box.className = "attachments";
    box.innerHTML = files
      .map((a) => (a.image ? `<img src="${esc(a.url)}" alt="${esc(a.description || a.name)}" loading="lazy">` : `<a class="file" href="${esc(a.url)}" download>${esc(a.name)}</a>`))
      .join("");
    body.appendChild(box);
  }
  if (comps) body.appendChild(comps);
  if (view.ephemeral) {
    const note = document.createElement("div");
    note.className = "eph-note";
    note.innerHTML = `<span class="eye">👁</span> Only you can see this · <a href="#" class="dismiss">Dismiss message</a>`;
    note.querySelector(".dismiss").onclick = (ev) => {
      ev.preventDefault();
      state.dismissed.add(view.id);
      el.remove();
    };
    body.appendChild(note);
  }
  const err = state.errors.get(view.id);
  if (err) {
    const e = document.createElement("div");
    e.className = "msg-error";
    e.textContent = err;
    body.appendChild(e);
  }
  return el;
}

function renderEmbed(embed) {
  const el = document.createElement("div");
  el.className = "embed";
  if (embed.color != null) el.style.borderLeftColor = "#" + Number(embed.color).toString(16).padStart(6, "0");
  let html = "";
  if (embed.author?.name) html += `<div class="e-author">${esc(embed.author.name)}</div>`;
  if (embed.title) html += `<div class="e-title">${MD.inline(embed.title, state.names)}</div>`;
  if (embed.description) html += `<div class="e-desc">${MD.block(embed.description, state.names)}</div>`;
  if (embed.fields?.length) {
    html += `<div class="e-fields">${embed.fields
      .map((f) => `<div class="e-field${f.inline ? " inline" : ""}"><div class="e-fname">${MD.inline(f.name, state.names)}</div><div class="e-fvalue">${MD.block(f.value, state.names)}</div></div>`)
      .join("")}</div>`;
  }
  if (embed.image?.url) html += `<img class="e-image" src="${esc(embed.image.url)}" alt="${esc(embed.image.description || embed.title || "picture")}">`;
  if (embed.footer?.text) html += `<div class="e-footer">${esc(embed.footer.text)}</div>`;
  el.innerHTML = html;
  if (embed.thumbnail?.url) {
    const t = document.createElement("img");
    t.className = "e-thumb";
    t.src = embed.thumbnail.url;
    el.prepend(t);
  }
  return el;
}

function mediaUrl(view, url, referenced) {
  if (url && url.startsWith("attachment://")) {
    const name = url.slice("attachment://".length);
    referenced.add(name);
    return view.attachments.find((a) => a.name === name)?.url || "";
  }
  return url || "";
}

function renderComponents(view, components, referenced) {
  if (!components?.length) return null;
  const box = document.createElement("div");
  box.className = "components";
  for (const c of components) {
    const el = renderComponent(view, c, referenced);
    if (el) box.appendChild(el);
  }
  return box;
}

function renderComponent(view, c, referenced) {
  const make = (cls, html = "") => {
    const d = document.createElement("div");
    d.className = cls;
    d.innerHTML = html;
    return d;
  };
  switch (c.type) {
    case 1: {
      const row = make("row");
      for (const child of c.components || []) {
        const el = renderComponent(view, child, referenced);
        if (el) row.appendChild(el);
      }
      return row;
    }
    case 2:
      return renderButton(view, c);
    case 3: case 5: case 6: case 7: case 8:
      return renderSelect(view, c);
    case 10:
      return make("text-display", MD.block(c.content, state.names));
    case 9: {
      const sec = make("section");
      const texts = renderComponents(view, c.components, referenced);
      if (texts) sec.appendChild(texts);
      if (c.accessory) sec.appendChild(renderComponent(view, c.accessory, referenced));
      return sec;
    }
    case 11:
      return make("thumb", `<img src="${esc(mediaUrl(view, c.media?.url, referenced))}" alt="">`);
    case 12:
      return make("gallery", (c.items || []).map((i) => `<img src="${esc(mediaUrl(view, i.media?.url, referenced))}" alt="${esc(i.description || "")}">`).join(""));
    case 13:
      return make("attachments", `<a class="file">${esc(mediaUrl(view, c.file?.url, referenced))}</a>`);
    case 14:
      return make("separator");
    case 17: {
      const box = make("container");
      if (c.accent_color != null) box.style.borderLeftColor = "#" + Number(c.accent_color).toString(16).padStart(6, "0");
      const inner = renderComponents(view, c.components, referenced);
      if (inner) box.appendChild(inner);
      return box;
    }
    default:
      return null;
  }
}

function emojiText(emoji) {
  if (!emoji) return "";
  return emoji.id ? `:${emoji.name}:` : emoji.name || "";
}

const emojiHtml = (emoji) => MD.emojiImg(emoji);

function renderButton(view, c) {
  if (c.style === 5 && c.url) {
    const a = document.createElement("a");
    a.className = "btn style-5";
    a.href = c.url;
    a.target = "_blank";
    a.textContent = `${emojiText(c.emoji)} ${c.label || ""} ↗`.trim();
    return a;
  }
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn style-${c.style || 2}`;
  b.disabled = !!c.disabled;
  const emoji = emojiText(c.emoji);
  b.innerHTML = `${emoji ? `<span class="emoji">${emojiHtml(c.emoji)}</span>` : ""}${c.label ? `<span class="label">${esc(c.label)}</span>` : ""}`;
  if (!c.label && emoji) b.setAttribute("aria-label", emoji);
  b.onclick = () => interact(view, b, { op: "click", message: view.id, custom_id: c.custom_id });
  return b;
}

function renderSelect(view, c) {
  const wrap = document.createElement("div");
  wrap.className = "menu";
  const sel = document.createElement("select");
  const label = c.placeholder || "Make a selection";
  sel.setAttribute("aria-label", label);
  sel.disabled = !!c.disabled;
  const multi = (c.max_values || 1) > 1;
  let options = [];
  if (c.type === 3) {
    // A custom emoji is drawn by the pictured list below; the native option keeps the label.
    options = (c.options || []).map((o) => ({
      value: o.value,
      label: o.emoji?.id ? o.label : `${emojiText(o.emoji)} ${o.label}`.trim(),
      emoji: o.emoji,
      description: o.description,
      def: o.default,
    }));
  } else if (c.type === 5) {
    options = state.members.map((m) => ({ value: m.id, label: m.name }));
  }
  if (multi) {
    sel.multiple = true;
    sel.size = Math.min(options.length, 6);
  } else {
    sel.innerHTML = `<option value="" disabled${options.some((o) => o.def) ? "" : " selected"}>${esc(label)}</option>`;
  }
  for (const o of options) {
    const opt = document.createElement("option");
    opt.value = o.value;
    opt.textContent = o.description ? `${o.label} — ${o.description}` : o.label;
    opt.dataset.label = o.label;
    opt.selected = !!o.def;
    sel.appendChild(opt);
  }
  wrap.appendChild(sel);
  const send = () => {
    const values = [...sel.selectedOptions].map((o) => o.value).filter((v) => v !== "");
    if (!values.length) return;
    interact(view, sel, { op: "select", message: view.id, custom_id: c.custom_id, values });
  };
  if (!multi && options.some((o) => o.emoji?.id)) pictured(wrap, sel, label, options, send);
  if (multi) {
    const hint = document.createElement("span");
    hint.className = "menu-hint";
    hint.textContent = `${label} (${c.min_values ?? 1}-${c.max_values})`;
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "btn style-1";
    ok.textContent = "Choose";
    ok.disabled = !!c.disabled;
    ok.onclick = send;
    wrap.prepend(hint);
    wrap.appendChild(ok);
  } else {
    sel.onchange = send;
  }
  return wrap;
}

// A select whose options carry custom emojis: a native <select> cannot draw pictures, so a
// list like Discord's opens over it; the (transparent) <select> stays the control keyboards,
// screen readers and tests use.
function pictured(wrap, sel, label, options, send) {
  wrap.classList.add("pictured");
  const face = document.createElement("button");
  face.type = "button";
  face.className = "menu-face";
  face.tabIndex = -1;
  face.setAttribute("aria-hidden", "true");
  face.textContent = label;
  face.disabled = sel.disabled;
  const list = document.createElement("div");
  list.className = "menu-list";
  list.hidden = true;
  for (const o of options) {
    const item = document.createElement("div");
    item.className = "menu-item";
    item.dataset.value = o.value;
    item.innerHTML = `${emojiHtml(o.emoji)}<span>${esc(o.label)}</span>${o.description ? `<span class="menu-desc">${esc(o.description)}</span>` : ""}`;
    item.onclick = () => {
      list.hidden = true;
      sel.value = o.value;
      send();
    };
    list.appendChild(item);
  }
  face.onclick = () => { list.hidden = !list.hidden; };
  wrap.append(face, list);
}

async function interact(view, control, body) {
  const msgEl = control.closest(".msg");
  msgEl?.classList.add("busy");
  control.disabled = true;
  state.errors.delete(view.id);
  const result = await request(body);
  msgEl?.classList.remove("busy");
  if (result.error) {
    state.errors.set(view.id, result.error);
    window.sandboxErrors.push(result.error);
  }
  if (result.modal) openModal(result.modal);
  const current = state.messages.get(view.id);
  if (current) drawMessage(current); // re-enable the controls / show the error
}

// ---------------------------------------------------------------------------------------
// modals
// ---------------------------------------------------------------------------------------
function openModal(modal) {
  const dlg = document.getElementById("modal");
  document.getElementById("modal-title").textContent = modal.title || "";
  const fields = document.getElementById("modal-fields");
  fields.innerHTML = "";
  const inputs = [];
  for (const row of modal.components || []) {
    const comp = row.type === 18 ? row.component : (row.components || [])[0];
    const label = row.type === 18 ? row.label : comp?.label;
    if (!comp || comp.type !== 4) continue;
    const wrap = document.createElement("label");
    wrap.className = "modal-field";
    wrap.innerHTML = `<span>${esc(label || comp.custom_id)}${comp.required === false ? "" : " *"}</span>`;
    const input = document.createElement(comp.style === 2 ? "textarea" : "input");
    input.value = comp.value || "";
    input.placeholder = comp.placeholder || "";
    if (comp.max_length) input.maxLength = comp.max_length;
    input.required = comp.required !== false;
    wrap.appendChild(input);
    fields.appendChild(wrap);
    inputs.push([comp.custom_id, input]);
  }
  dlg.onclose = async () => {
    if (dlg.returnValue !== "submit") return;
    const values = Object.fromEntries(inputs.map(([id, input]) => [id, input.value]));
    const result = await request({ op: "modal", interaction: modal.interaction, values });
    if (result.error) alert(result.error);
  };
  dlg.showModal();
}

// ---------------------------------------------------------------------------------------
// the command box
// ---------------------------------------------------------------------------------------
const composers = [];

/** The command as the member's Discord shows it (its names in their language). */
function shownPath(command) {
  return command.shown || command.path;
}

class Composer {
  constructor(paneEl) {
    this.pane = paneEl.dataset.pane;
    this.root = paneEl.querySelector(".composer");
    this.root.appendChild(document.getElementById("composer-template").content.cloneNode(true));
    this.input = this.root.querySelector(".cmd-input");
    this.suggest = this.root.querySelector(".suggest");
    this.options = this.root.querySelector(".cmd-options");
    this.error = this.root.querySelector(".cmd-error");
    this.command = null;
    this.active = 0;
    this.input.placeholder = this.pane === "dm" ? "Message @Gin Bot: type / for commands" : "Message #gin: type / for commands";
    this.input.addEventListener("input", () => this.typed());
    this.input.addEventListener("focus", () => this.typed());
    this.input.addEventListener("keydown", (ev) => this.key(ev));
    this.root.querySelector(".send").onclick = () => this.send();
    this.options.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") { ev.preventDefault(); this.send(); }
    });
  }

  available() {
    return state.commands.filter((c) => (this.pane === "dm" ? c.dm : c.guild));
  }

  refresh() {
    if (document.activeElement === this.input) this.typed();
  }

  matches() {
    const text = this.input.value.trim().replace(/^\//, "").toLowerCase();
    // Typed as the reader sees the command (its localized names) or by the code's names.
    return this.available().filter((c) => [shownPath(c), c.path].some((p) => p.startsWith(text) || p.split(" ").slice(1).join(" ").startsWith(text)));
  }

  typed() {
    this.error.textContent = "";
    const text = this.input.value;
    if (this.command && text.trim() !== `/${shownPath(this.command)}`) this.choose(null);
    if (!text.startsWith("/") || this.command) {
      this.suggest.hidden = true;
      return;
    }
    const found = this.matches();
    this.active = Math.min(this.active, Math.max(0, found.length - 1));
    this.suggest.innerHTML = found.length
      ? found.map((c, i) => `<div class="sugg${i === this.active ? " active" : ""}" role="option" data-path="${esc(c.path)}"><span class="path">/${esc(shownPath(c))}</span><span class="desc">${esc(c.description)}</span></div>`).join("")
      : `<div class="none">${state.commands.length ? "No command matches." : "The bot has not registered its commands yet."}</div>`;
    this.suggest.hidden = false;
    for (const el of this.suggest.querySelectorAll(".sugg")) {
      el.onmousedown = (ev) => {
        ev.preventDefault();
        this.choose(this.available().find((c) => c.path === el.dataset.path));
      };
    }
  }

  key(ev) {
    const found = this.suggest.hidden ? [] : this.matches();
    if (found.length && (ev.key === "ArrowDown" || ev.key === "ArrowUp")) {
      ev.preventDefault();
      this.active = (this.active + (ev.key === "ArrowDown" ? 1 : found.length - 1)) % found.length;
      this.typed();
      return;
    }
    if (ev.key === "Tab" && found.length) {
      ev.preventDefault();
      this.choose(found[this.active]);
      return;
    }
    if (ev.key === "Escape") {
      this.suggest.hidden = true;
      return;
    }
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    if (this.command) return this.send();
    const text = this.input.value.trim().replace(/^\//, "");
    const exact = this.available().find((c) => c.path === text || shownPath(c) === text);
    const pick = exact || found[this.active];
    if (!pick) {
      this.error.textContent = text ? "The bot reads no messages: type / and pick a command." : "";
      return;
    }
    this.choose(pick);
    if (exact && !pick.options.some((o) => o.required)) this.send();
  }

  choose(command) {
    this.command = command || null;
    this.suggest.hidden = true;
    this.options.innerHTML = "";
    if (!command) return;
    this.input.value = `/${shownPath(command)}`;
    for (const opt of command.options) this.options.appendChild(this.field(opt));
    const first = this.options.querySelector("input, select");
    if (first && command.options[0]?.required) first.focus();
  }

  field(opt) {
    const wrap = document.createElement("label");
    wrap.className = "opt" + (opt.required ? " required" : "");
    wrap.title = opt.description || "";
    wrap.innerHTML = `<span class="opt-name">${esc(opt.label || opt.name)}</span>`;
    let input;
    const choices = opt.choices || (opt.type === 5 ? [{ name: "True", value: "true" }, { name: "False", value: "false" }] : null);
    if (choices || opt.type === 6 || opt.type === 7) {
      input = document.createElement("select");
      const list = choices
        || (opt.type === 6 ? state.members.filter((m) => m.id !== state.me.id).map((m) => ({ name: m.name, value: m.id }))
          .concat(state.bot ? [{ name: state.bot.name, value: state.bot.id }] : [])
          : [{ name: `#${state.names.channels[state.channelId]}`, value: state.channelId }]);
      input.innerHTML = `<option value="">${opt.required ? "choose…" : "(default)"}</option>` + list.map((c) => `<option value="${esc(c.value)}">${esc(c.name)}</option>`).join("");
    } else {
      input = document.createElement("input");
      input.type = opt.type === 4 || opt.type === 10 ? "number" : "text";
      if (opt.min_value != null) input.min = opt.min_value;
      if (opt.max_value != null) input.max = opt.max_value;
      if (opt.max_length != null) input.maxLength = opt.max_length;
      input.placeholder = opt.description || OPTION_TYPES[opt.type] || "";
      if (opt.autocomplete) this.autocomplete(opt, input);
    }
    input.dataset.option = opt.name;
    input.setAttribute("aria-label", `option ${opt.label || opt.name}`);
    wrap.appendChild(input);
    return wrap;
  }

  autocomplete(opt, input) {
    const list = document.createElement("datalist");
    list.id = `ac-${this.pane}-${opt.name}`;
    input.setAttribute("list", list.id);
    input.after(list);
    let timer = null;
    const ask = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const result = await request({ op: "autocomplete", pane: this.pane, command: this.command.path, option: opt.name, value: input.value, options: this.values() });
        list.innerHTML = (result.choices || []).map((c) => `<option value="${esc(c.value)}">${esc(c.name)}</option>`).join("");
        input.dataset.choices = String((result.choices || []).length);
      }, 150);
    };
    input.addEventListener("input", ask);
    input.addEventListener("focus", ask);
  }

  values() {
    const out = {};
    for (const el of this.options.querySelectorAll("[data-option]")) if (el.value !== "") out[el.dataset.option] = el.value;
    return out;
  }

  async send() {
    if (!this.command) return;
    const missing = this.command.options.filter((o) => o.required && !(o.name in this.values()));
    if (missing.length) {
      this.error.textContent = `Fill in ${missing.map((o) => o.label || o.name).join(", ")}.`;
      return;
    }
    const body = { op: "slash", pane: this.pane, command: this.command.path, options: this.values() };
    this.input.value = "";
    this.choose(null);
    const result = await request(body);
    if (result.error) this.error.textContent = result.error;
    if (result.modal) openModal(result.modal);
  }
}

// ---------------------------------------------------------------------------------------
// start
// ---------------------------------------------------------------------------------------
document.getElementById("who").addEventListener("change", (ev) => {
  who = ev.target.value;
  history.replaceState(null, "", `?as=${encodeURIComponent(who)}`);
  const old = state.ws;
  state.ws = null;
  old?.close();
  connect();
});
for (const pane of document.querySelectorAll(".pane")) composers.push(new Composer(pane));
document.getElementById("try-computer").onclick = () => {
  const box = composers[0];
  box.choose(box.available().find((c) => c.path === "gin computer"));
  box.input.focus();
};
connect();
