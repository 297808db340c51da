// Discord's message markdown, the common part: enough to read what the bot writes.
"use strict";

window.Markdown = (() => {
  const escapeHtml = (s) =>
    String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

  // Discord's client writes timestamps in its reader's language (their Discord locale).
  let locale;
  const setLocale = (value) => { locale = value || undefined; };

  function formatTime(unix, style) {
    const d = new Date(Number(unix) * 1000);
    if (style === "R") {
      const secs = Math.round((d - Date.now()) / 1000);
      const abs = Math.abs(secs);
      const [n, unit] = abs < 60 ? [abs, "second"] : abs < 3600 ? [Math.round(abs / 60), "minute"]
        : abs < 86400 ? [Math.round(abs / 3600), "hour"] : [Math.round(abs / 86400), "day"];
      return new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(secs >= 0 ? n : -n, unit);
    }
    if (style === "t" || style === "T") return d.toLocaleTimeString(locale);
    return d.toLocaleString(locale);
  }

  // A custom emoji's picture from the sandbox's stand-in for Discord's CDN; a Unicode one as text.
  function emojiImg(emoji) {
    if (!emoji) return "";
    if (!emoji.id) return escapeHtml(emoji.name || "");
    const file = `${encodeURIComponent(String(emoji.id))}.${emoji.animated ? "gif" : "png"}`;
    const name = escapeHtml(`:${emoji.name || "emoji"}:`);
    return `<img class="emoji" src="/emojis/${file}" alt="${name}" title="${name}">`;
  }

  function inline(text, names) {
    let s = escapeHtml(text);
    const codes = [];
    s = s.replace(/`([^`]+)`/g, (_, c) => { codes.push(c); return `\u0000${codes.length - 1}\u0000`; });
    s = s.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(names.users[id] || "unknown")}</span>`);
    s = s.replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention">#${escapeHtml(names.channels[id] || "unknown")}</span>`);
    s = s.replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, t, st) => `<span class="stamp">${escapeHtml(formatTime(t, st))}</span>`);
    // Custom emojis as Discord draws them: the picture, its :name: for readers.
    // Kept aside like code spans, so the emphasis rules never reach into the picture's tag.
    const pictures = [];
    s = s.replace(/&lt;(a?):(\w+):(\d+)&gt;/g, (_, a, name, id) => {
      pictures.push(emojiImg({ id, name, animated: !!a }));
      return `\u0001${pictures.length - 1}\u0001`;
    });
    s = s.replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>');
    s = s.replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>");
    s = s.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
    s = s.replace(/__(.+?)__/g, "<u>$1</u>");
    s = s.replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>");
    s = s.replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>");
    s = s.replace(/~~(.+?)~~/g, "<s>$1</s>");
    s = s.replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
    s = s.replace(/\u0001(\d+)\u0001/g, (_, i) => pictures[Number(i)]);
    return s.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
  }

  function block(text, names) {
    if (!text) return "";
    const parts = String(text).split(/```(?:[a-z]*\n)?([\s\S]*?)```/);
    let html = "";
    parts.forEach((part, i) => {
      if (i % 2 === 1) { html += `<pre><code>${escapeHtml(part)}</code></pre>`; return; }
      const lines = part.split("\n");
      const out = lines.map((line) => {
        let m;
        if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<div class="h${m[1].length}">${inline(m[2], names)}</div>`;
        if ((m = line.match(/^-# (.*)$/))) return `<div class="subtext">${inline(m[1], names)}</div>`;
        if ((m = line.match(/^> ?(.*)$/))) return `<div class="quote">${inline(m[1], names)}</div>`;
        if ((m = line.match(/^\s*[-*] (.*)$/))) return `<div class="li">• ${inline(m[1], names)}</div>`;
        return `<div class="line">${inline(line, names) || "&nbsp;"}</div>`;
      });
      html += out.join("");
    });
    return html;
  }

  return { block, inline, escapeHtml, emojiImg, setLocale };
})();
